#!/bin/sh
# tests/perft.sh MANCALA [--quick]: perft of every variant against
# tests/perft.txt (depths 1..5, or 1..4 for the largest boards; whole
# lines) and tests/perft-deep.txt (the
# deepest count), in the planned mode and in the reference mode
# (MANCALA_VM=general, no short cut), which must agree with the tables and
# so with each other. --quick: tests/perft.txt only (sanitizer builds).
M=${1:?usage: perft.sh MANCALA [--quick]}
QUICK=${2:-}
T=$(mktemp -d "${TMPDIR:-/tmp}/perft.XXXXXX")
trap 'rm -rf "$T"' EXIT HUP INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }

for mode in planned general; do
    if [ "$mode" = general ]; then VM=general; else VM=; fi
    for v in $(grep -v '^#' tests/perft.txt | awk 'NF { print $1 }' | sort -u); do
        d=$(grep "^$v " tests/perft.txt | awk '$2 > d { d = $2 } END { print d }')
        MANCALA_VM=$VM "$M" perft "$v" "$d" >"$T/got" 2>&1 || { bad "$mode: perft $v $d failed"; continue; }
        grep "^$v " tests/perft.txt | awk '{ print $2, $3 }' >"$T/want"
        if cmp -s "$T/got" "$T/want"; then ok; else bad "$mode: perft $v differs from tests/perft.txt"; diff "$T/want" "$T/got" | head -5; fi
    done
    [ "$QUICK" = --quick ] && continue
    grep -v '^#' tests/perft-deep.txt | while read -r v d n; do
        [ -n "$v" ] || continue
        got=$(MANCALA_VM=$VM "$M" perft "$v" "$d" 2>&1 | tail -1)
        [ "$got" = "$d $n" ] && echo ok || echo "FAIL $mode: perft $v $d: $got, want $d $n"
    done >"$T/deep"
    passed=$((passed + $(grep -c '^ok' "$T/deep")))
    failed=$((failed + $(grep -c '^FAIL' "$T/deep")))
    grep '^FAIL' "$T/deep"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
