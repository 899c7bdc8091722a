#!/bin/sh
# catalogue.sh BINARY [VARIANT...]: the checks every shipped game must pass
# (default: every built-in; `make test-slow` runs it): it validates from
# its file; `show` describes it, and `show --json` is JSON; 10 random
# games end, reported by `stats` (JSON, and an SVG plot); greedy against
# random plays 2 games to the end; alphabeta (depth 2) against MCTS (10 ms
# a move) plays a game to the end (of more than two players: those four
# round the table, in `stats`). (That every seed stays accounted for,
# ply by ply, `make test` checks: tests/test_plan.c plays random games of
# every built-in in its planned and reference modes.)
# Prints a FAIL line per failing game and `N passed, M failed`.
if [ $# -lt 1 ]; then
    echo "usage: sh tests/catalogue.sh path/to/mancala [VARIANT...]" >&2
    exit 2
fi
M=$1
shift
if [ $# -eq 0 ]; then
    for f in variants/*.yaml; do set -- "$@" "$(basename "$f" .yaml)"; done
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
for v in "$@"; do
    why=
    if ! "$M" validate "variants/$v.yaml" >"$T/out" 2>&1; then
        why="does not validate"
    elif ! "$M" show "$v" >"$T/out" 2>&1 || ! grep -q . "$T/out"; then
        why="show fails"
    elif ! "$M" show "$v" --json >"$T/out" 2>&1 ||
            ! python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["name"] == sys.argv[2]' "$T/out" "$v"; then
        why="show --json"
    elif ! players=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["players"])' "$T/out"); then
        why="show --json: players"
    elif ! timeout 300 "$M" stats "$v" --games 10 --seed 7 --json --plot "$T/p.svg" >"$T/out" 2>&1 ||
            ! grep -q '"games":10,' "$T/out" || ! grep -q '</svg>' "$T/p.svg"; then
        why="random games (stats)"
    elif [ "$players" -gt 2 ]; then
        # more than two players (`match` takes two): the computer players
        # round the table, each against the others, in `stats`
        if ! timeout 300 "$M" stats "$v" --south greedy --north random --p3 alphabeta:depth=2 \
                $([ "$players" -gt 3 ] && echo --p4 mcts:time=0.01) --games 2 --seed 7 >"$T/out" 2>&1; then
            why="greedy, random, alphabeta and mcts"
        elif ! timeout 300 "$M" stats "$v" --south mcts:time=0.01 --north alphabeta:depth=2 --p3 greedy \
                $([ "$players" -gt 3 ] && echo --p4 random) --games 1 --seed 8 >"$T/out" 2>&1; then
            why="mcts, alphabeta, greedy and random"
        fi
    elif ! timeout 300 "$M" match "$v" --south greedy --north random --games 2 --seed 7 >"$T/out" 2>&1; then
        why="greedy against random"
    elif ! timeout 300 "$M" match "$v" --south alphabeta:depth=2 --north mcts:time=0.01 --games 1 --seed 7 \
            >"$T/out" 2>&1; then
        why="alphabeta against mcts"
    fi
    if [ -n "$why" ]; then
        fail=$((fail + 1))
        echo "FAIL $v: $why"
        tail -5 "$T/out" | sed 's/^/    /'
    else
        pass=$((pass + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
