#!/bin/sh
# tests/full.sh BUILD: the full-size legs of the suite that `make test`
# runs smaller to stay within its time budget (`make test-slow` runs
# this): the unit tests that sweep every variant or many positions at
# full size (MANCALA_TEST_FULL: 1000 random decisions a variant for the
# events, every minimax position of the solver), and twice as many random
# games against the independent implementations, with other seeds.
# Last line: "N passed, M failed"; exit status 1 on any failure.
B=${1:-build}
. tests/steplib.sh
for t in test_events test_solve; do
    step "$t (full)" env MANCALA_TEST_FULL=1 "$B/tests/$t"
done
if command -v python3 >/dev/null 2>&1; then
    step "crosscheck (full)" python3 tests/crosscheck/compare.py --games 40 --seed 3 --jobs 2 --bin "$B/mancala"
    step "crosscheck (reference mode, full)" env MANCALA_VM=general \
        python3 tests/crosscheck/compare.py --games 20 --seed 4 --jobs 2 --bin "$B/mancala"
    step "crosscheck games (full)" python3 tests/crosscheck/games/check.py --games 20 --bin "$B/mancala"
else
    echo "SKIP crosscheck (no python3)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
