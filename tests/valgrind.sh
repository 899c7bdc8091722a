#!/bin/sh
# valgrind.sh BINARY [VARIANT...]: memcheck over a sample of command-line
# runs, for each VARIANT named (default: every shipped variant): validate, perft (depth 2, or the depth of its rows in tests/perft.txt if less), replay (the moves of a
# short random game, from its record), and a scripted play (a move, `?`,
# `hint`, undo, save, quit). Each must exit as usual with no memcheck error
# and no leak of any kind ("definitely", "indirectly", "possibly lost" or
# "still reachable"). Prints `N passed, M failed`.
if [ $# -lt 1 ]; then
    echo "usage: sh tests/valgrind.sh path/to/mancala [VARIANT...]" >&2
    exit 2
fi
M=$1
shift
if [ $# -eq 0 ]; then
    for f in variants/*.yaml; do set -- "$@" "$(basename "$f" .yaml)"; done
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind.sh: valgrind is not installed (make deps installs it)" >&2
    exit 1
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
VG="valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all"

# run NAME EXPECTED_EXIT COMMAND... (stdin from $T/in)
run() {
    name=$1; want=$2; shift 2
    $VG "$@" <"$T/in" >"$T/out" 2>"$T/err"; got=$?
    if [ "$got" = "$want" ] && ! grep -q '^==[0-9]*==' "$T/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $got (expected $want)"
        grep '^==[0-9]*==' "$T/err" | head -20
    fi
}

: >"$T/in"
for v in "$@"; do
    f=variants/$v.yaml
    run "validate $v" 0 "$M" validate "$f"
    # perft to depth 2, or less where the table stops sooner (a game whose
    # first decisions have millions of completions has no row: none here)
    d=$(awk -v v="$v" '$1 == v && $2 <= 2 && $2 > d { d = $2 } END { print d + 0 }' tests/perft.txt)
    [ "$d" -gt 0 ] && run "perft $v" 0 "$M" perft "$v" "$d"
    # a short game played by the computer, saved, then replayed
    printf 'save %s\nquit\n' "$T/$v.rec" >"$T/in"
    run "play $v" 0 "$M" play "$v" --south random --north human --seed 5
    : >"$T/in"
    if [ -f "$T/$v.rec" ]; then
        run "replay $v" 0 "$M" replay "$v" --record "$T/$v.rec"
    else
        fail=$((fail + 1))
        echo "FAIL play $v: no record saved"
    fi
    printf '?\nhint\nfoo\n1\nundo\nquit\n' >"$T/in"
    run "play-human $v" 0 "$M" play "$v" --south human --north random --seed 2
    : >"$T/in"
done
# a bad file and a bad move: the error paths free what they allocated
printf 'game: x\nboard: {rows: 2, holes: 99}\n' >"$T/bad.yaml"
run "validate bad" 1 "$M" validate "$T/bad.yaml"
run "replay illegal" 1 "$M" replay kalah 99
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
