#!/bin/sh
# run_bad.sh BINARY: checks the broken variant files in tests/bad/.
#
# For each tests/bad/NAME.yaml, runs `BINARY validate NAME.yaml` (under a
# 5 s timeout) and expects exit status 1 and, as the first stderr line that
# contains ': error: ', the line in NAME.expected with the file name in
# front (`FILE:LINE:COL: error: MESSAGE`). Prints one line per failure, then
# `N passed, M failed`; exits 1 if anything failed.
#
# Files that show program bugs wait in tests/bad-pending/ (not run here).

if [ $# -ne 1 ]; then
    echo "usage: sh tests/run_bad.sh path/to/mancala" >&2
    exit 2
fi
bin=$1
case $bin in
    */*) ;;
    *) bin=./$bin ;;
esac
if [ ! -x "$bin" ]; then
    echo "run_bad.sh: $bin is not an executable" >&2
    exit 2
fi

dir=$(dirname "$0")/bad
passed=0
failed=0

fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}

for f in "$dir"/*.yaml; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    exp=${f%.yaml}.expected
    if [ ! -f "$exp" ]; then
        fail "$name" "no ${name%.yaml}.expected"
        continue
    fi
    if [ "$(wc -l < "$exp" | tr -d ' ')" != 1 ]; then
        fail "$name" "${name%.yaml}.expected must hold exactly one line"
        continue
    fi
    err=$(timeout 5 "$bin" validate "$f" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 124 ]; then
        fail "$name" "timed out (5 s)"
        continue
    fi
    case $err in
        *Sanitizer*|*"runtime error:"*)
            fail "$name" "sanitizer report (exit status $rc)"
            continue ;;
    esac
    if [ $rc -ne 1 ]; then
        fail "$name" "exit status $rc, expected 1"
        continue
    fi
    first=$(printf '%s\n' "$err" | grep -F ': error: ' | head -n 1)
    got=${first#"$f:"}
    want=$(cat "$exp")
    if [ -z "$first" ]; then
        fail "$name" "no ': error: ' line on stderr; expected '$want'"
    elif [ "$got" != "$want" ]; then
        fail "$name" "expected '$want', got '$got'"
    else
        passed=$((passed + 1))
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
