#!/bin/sh
# Runs every test against the build in $1 (default: build): the cmocka unit
# tests, the bad-file corpus, the command-line checks, one check per
# documented limit, the hostile-input pack, perft and the worked positions
# in both the planned and the reference mode, the example program, (for a
# build without sanitizers, where pkg-config is
# installed) the installed tree, random games against an independent
# implementation in both modes, and (where python3 is installed) the
# command examples of the documents and the man page against --help.
# Prints a closing line "N passed, M failed" and exits 1 if anything
# failed.
B=${1:-build}
. tests/steplib.sh
# The unit tests run two at a time: two workers go down the list, each
# taking the next test the other has not claimed (mkdir claims it), and
# the results are printed in order once both are done.
U=$(mktemp -d "${TMPDIR:-/tmp}/unit.XXXXXX")
trap 'rm -rf "$U"' EXIT HUP INT TERM
worker() {
    for t in "$B"/tests/test_*; do
        [ -x "$t" ] || continue
        name=$(basename "$t")
        mkdir "$U/$name.claim" 2>/dev/null || continue
        "$t" >"$U/$name.out" 2>&1
        echo $? >"$U/$name.rc"
    done
}
worker &
worker &
wait
for t in "$B"/tests/test_*; do
    [ -x "$t" ] || continue
    name=$(basename "$t")
    if [ "$(cat "$U/$name.rc" 2>/dev/null)" = 0 ]; then
        pass=$((pass + 1))
        echo "PASS $name"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
        grep -v '^\[ *\(OK\|RUN\) *\]' "$U/$name.out" 2>/dev/null | sed 's/^/    /' | head -60
    fi
done
# The scripts of the command line (each runs the program case after
# case) two at a time too, the longest first, the same way; printed in
# the order of the list.
SCRIPTS="hostile run_bad cli limits solve stats play diagnostics"
script_worker() {
    for n in $SCRIPTS; do
        [ -f "tests/$n.sh" ] || continue
        mkdir "$U/$n.sh.claim" 2>/dev/null || continue
        sh "tests/$n.sh" "$B/mancala" >"$U/$n.sh.out" 2>&1
        echo $? >"$U/$n.sh.rc"
    done
}
script_worker &
script_worker &
wait
for n in cli play stats solve run_bad diagnostics limits hostile; do
    [ -f "tests/$n.sh" ] || continue
    step "$n.sh" sh -c 'cat "$1"; exit "$(cat "$2")"' sh "$U/$n.sh.out" "$U/$n.sh.rc"
done
# The reference mode (MANCALA_VM=general: no short cut of the plan) must
# give what the planned mode gives: perft tables (both modes; the deep
# ones without sanitizers), the worked positions, the random games below.
if [ "$(basename "$B")" = asan ]; then
    step perft.sh sh tests/perft.sh "$B/mancala" --quick
else
    step perft.sh sh tests/perft.sh "$B/mancala"
fi
step "test_positions (reference mode)" env MANCALA_VM=general "$B/tests/test_positions"
# the library's example program (examples/play.c) plays a game to its end
[ -x "$B/examples/play" ] && step example "$B/examples/play" kalah
# valgrind runs in `make test-slow` (every variant; it cannot run a
# sanitizer build), as do the full-size legs below (tests/full.sh).
# make install into a temporary prefix, the example built against it with
# pkg-config (shared and static), make uninstall: for the plain build only
if [ "$(basename "$B")" != asan ]; then
    if command -v pkg-config >/dev/null 2>&1; then
        step install.sh sh tests/install.sh "$B"
    else
        echo "SKIP install.sh (no pkg-config)"
    fi
fi
# Random games against the independent Python reference (tests/crosscheck),
# where python3 is installed.
# Under the sanitizers fewer games: that leg looks for memory errors, the
# plain build for disagreements; `make test-slow` plays twice as many
# with the plain build (tests/full.sh).
if command -v python3 >/dev/null 2>&1; then
    if [ "$(basename "$B")" = asan ]; then g1=12 g2=6; else g1=20 g2=10; fi
    step crosscheck python3 tests/crosscheck/compare.py --games $g1 --seed 1 --jobs 2 --bin "$B/mancala"
    step "crosscheck (reference mode)" env MANCALA_VM=general \
        python3 tests/crosscheck/compare.py --games $g2 --seed 2 --jobs 2 --bin "$B/mancala"
    # Katro, Tsoro (Additional Capture), Misoro Tsoro, En Gehe and Bao against their own
    # independent implementations: perft and replayed random games
    step "crosscheck games" python3 tests/crosscheck/games/check.py --games $((g2 < 8 ? g2 : 8)) --bin "$B/mancala"
    # the shape of the sources: files of at most ~800 lines, functions of
    # at most ~120, a comment on every library function (once: the plain
    # build)
    [ "$(basename "$B")" != asan ] && step shape python3 tools/shape.py
    # docs/catalogue.md is what `make catalogue` makes of the games now
    [ "$(basename "$B")" != asan ] && step catalogue python3 tools/catalogue.py --check --bin "$B/mancala"
    # the command examples of README.md and docs/*.md print what they
    # show (tests/docs_examples.py), and the man page documents the
    # commands and flags `mancala COMMAND --help` lists, and no others
    # (tests/docs_manpage.py)
    [ "$(basename "$B")" != asan ] && step docs_examples python3 tests/docs_examples.py --bin "$B/mancala"
    [ "$(basename "$B")" != asan ] && step docs_manpage python3 tests/docs_manpage.py --bin "$B/mancala"
else
    echo "SKIP crosscheck (no python3)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
