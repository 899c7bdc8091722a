#!/bin/sh
# `mancala solve` from the command line: a Kalah ending worked out by hand
# (tests/solve/ending.json) by both methods, in text and JSON; a finished
# game; the bounds; the refusals (a lot, the memory bound, --stores-apart
# alone or where the players may swap sides, a bad --memory).
# Usage: tests/solve.sh PATH/TO/mancala
D=$(dirname "$0")
. "$D/shlib.sh"

# South: 1 seed in holes 1 and 6; North: 3 in hole 11, 2 in hole 12;
# stores 19 and 22 (48 seeds).
# - 1: the seed falls into the empty hole 2 and takes it with the 3 of
#   hole 11 (23). North's only move, 12, sows a seed into his store (23)
#   and one into hole 1; his row is empty, so South takes holes 1 and 6:
#   25-23, South wins by 2.
# - 6: into South's store (20), another turn; then 1 takes 1 + 3 (24) and
#   South's row is empty: North takes his 2 (24). A draw.
"$M" solve kalah --from "$D/solve/ending.json" >"$T/out" 2>&1 || bad "solve: exit $?"
grep -q '^Kalah (6 holes, 4 seeds), 2 x 6 holes, 48 seeds: South to move$' "$T/out" && ok || bad "solve: first line"
grep -q '^value: South wins by 2$' "$T/out" && ok || bad "solve: value"
grep -q '^  1  *South wins by 2  (best)$' "$T/out" && ok || bad "solve: move 1"
grep -q '^  6  *a draw$' "$T/out" && ok || bad "solve: move 6"
grep -q '^line: S:1 N:12 (the game ends)$' "$T/out" && ok || bad "solve: line"
grep -q '^positions: 3, decisions 4; on cycles 0 (in 0 cycles); ' "$T/out" && ok || bad "solve: positions"
# by search: the same value; 6 is shown worse, with the bound proved
for apart in "" --stores-apart; do
    "$M" solve kalah --from "$D/solve/ending.json" --search $apart --memory 16 >"$T/out" 2>&1 || bad "solve --search $apart: exit"
    grep -q '^value: South wins by 2$' "$T/out" && ok || bad "solve --search $apart: value"
    grep -q '^  6  *worse: at most a draw$' "$T/out" && ok || bad "solve --search $apart: move 6"
    grep -q '^line: S:1 N:12 (the game ends)$' "$T/out" && ok || bad "solve --search $apart: line"
done
"$M" solve kalah --from "$D/solve/ending.json" --json >"$T/j" 2>&1 || bad "solve --json: exit"
python3 - "$T/j" <<'PY' && ok || bad "solve --json"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["value"] == {"winner": "south", "margin": 2}, o
assert [(m["move"], m["winner"], m["margin"], m["best"]) for m in o["moves"]] == \
    [("1", "south", 2, True), ("6", "draw", 0, False)], o
assert o["line"] == [{"player": "south", "move": "1"}, {"player": "north", "move": "12"}], o
assert o["line_end"] == "game-over" and o["method"] == "retrograde" and o["positions"] == 3, o
PY

# a finished game: South to move has no seed, so the game ends as the
# position is read (Kalah's no-moves rule: the seeds go to their owners):
# North takes his 2, 25-23
sed -e 's/"board":\[1,0,0,0,0,1, 0,0,0,0,3,2\],"stores":\[19,22\]/"board":[0,0,0,0,0,0, 0,0,0,0,0,2],"stores":[25,21]/' \
    "$D/solve/ending.json" >"$T/over.json"
"$M" solve kalah --from "$T/over.json" >"$T/out" 2>&1 || bad "solve over: exit"
grep -q '^Kalah (6 holes, 4 seeds), 2 x 6 holes, 48 seeds: nobody to move$' "$T/out" && ok || bad "solve over: first line"
grep -q '^value: South wins by 2 (the game is over)$' "$T/out" && ok || bad "solve over: value"

# refusals
"$M" solve tuz >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'decided by lot' "$T/out" && ok || bad "solve: a lot"
"$M" solve kalah --memory 1 >"$T/out" 2>&1
[ $? = 1 ] && grep -q 'need more than the 1 MB allowed' "$T/out" && grep -q -- '--search needs far less memory' "$T/out" \
    && ok || bad "solve: the memory bound"
"$M" solve kalah --stores-apart >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- '--stores-apart goes with --search' "$T/out" \
    && ok || bad "solve: --stores-apart alone"
"$M" solve lib-al-aqil --search --stores-apart --memory 16 >"$T/out" 2>&1
[ $? = 1 ] && grep -q 'swap sides' "$T/out" && ok || bad "solve: --stores-apart with a swap"
"$M" solve kalah --memory 0 >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- '--memory takes a whole number in 1\.\.1048576' "$T/out" \
    && ok || bad "solve: --memory 0"
# Bao's lines of play run past the search's 1000 decisions: refused, not
# a stack overflow
"$M" solve bao --search --jobs 1 --memory 16 >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'passed 1000 decisions: too deep' "$T/out" \
    && ok || bad "solve: too deep"

# a checkpoint: stopped by the memory bound, gone on from, the same report
# (Kalah with 3 holes of 4 seeds: 205,775 positions, 13 MB)
sed 's/^  holes: 6/  holes: 3/' "$D/../variants/kalah.yaml" >"$T/k34.yaml"
"$M" solve "$T/k34.yaml" >"$T/fresh" 2>&1 || bad "checkpoint: fresh"
"$M" solve "$T/k34.yaml" --memory 4 --checkpoint "$T/ck" >"$T/out" 2>&1
[ $? = 1 ] && grep -q 'the listing so far is in .*ck: the same command with more --memory goes on' "$T/out" && [ -s "$T/ck" ] \
    && ok || bad "checkpoint: kept"
"$M" solve "$T/k34.yaml" --checkpoint "$T/ck" >"$T/out" 2>&1 || bad "checkpoint: going on"
grep -q 'going on from the checkpoint' "$T/out" && [ ! -e "$T/ck" ] && ok || bad "checkpoint: said and removed"
[ "$(grep -v '^positions' "$T/out")" = "$(grep -v '^positions' "$T/fresh")" ] && ok || bad "checkpoint: the same report"
"$M" solve kalah --search --checkpoint "$T/ck" >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'not --search' "$T/out" \
    && ok || bad "checkpoint: with --search"

# endgame databases: Oware to 5 seeds, each count's line; built again, the
# counts are checked and kept
"$M" solve oware --endgame 5 --db "$T/eg" --jobs 2 >"$T/out" 2>&1 || bad "endgame: exit $?"
# 1 seed: 12 holes, 2 players to move; a decision only where the seed is
# in the mover's last hole and must feed (2 positions)
grep -q '^seeds  1:  *24 positions,  *2 with a decision ' "$T/out" && ok || bad "endgame: count 1"
grep -q '^seeds  5:  *8736 positions, ' "$T/out" && ok || bad "endgame: count 5 (2 x C(16, 11))"
[ "$(ls "$T/eg" | wc -l)" = 6 ] && [ -s "$T/eg/seeds-05.egdb" ] && ok || bad "endgame: the files"
# --json: one object; the counts read back. Positions: 2 x C(n + 11, 11)
# for n = 0..5, 2 + 24 + 156 + 728 + 2730 + 8736 = 12376; with one seed
# only South's 6 and North's 12 (each must feed and can) are decisions.
"$M" solve oware --endgame 5 --db "$T/eg" --json >"$T/out" 2>&1 || bad "endgame --json: exit $?"
python3 - "$T/out" <<'PY' && ok || bad "endgame --json"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["variant"] == "oware" and o["seeds"] == 5 and o["positions"] == 12376, o
c = o["counts"]
assert [x["seeds"] for x in c] == [0, 1, 2, 3, 4, 5] and not any(x["built"] for x in c), c
assert c[1]["positions"] == 24 and c[1]["with_decision"] == 2, c[1]
PY
"$M" solve oware --endgame 5 --db "$T/eg" >"$T/out" 2>&1 && grep -q '^seeds  5: .*already built$' "$T/out" \
    && ok || bad "endgame: kept"
# every value against the reference implementation, read from the files
if command -v python3 >/dev/null 2>&1; then
    python3 "$D/crosscheck/endgame.py" "$T/eg" >"$T/out" 2>&1 && ok || { cat "$T/out"; bad "endgame: the reference"; }
fi
# the search uses them: from an ending of 5 seeds the root is one of them
printf '%s' '{"variant":"oware","board":[0,0,0,0,0,1, 1,0,0,0,0,1],"stores":[22,23],"to_move":"south","over":false,"phase":"play","round":1,"starter":"south","last_mover":"north","removed":0}' >"$T/ow3.json"
"$M" solve oware --from "$T/ow3.json" --search --stores-apart --db "$T/eg" --memory 16 >"$T/out" 2>&1 || bad "endgame: search"
# South takes the 2 of hole 7, North must feed with his last seed and South
# cannot: he takes it too; 25-23, South wins by 2
grep -q '^value: South wins by 2$' "$T/out" && ok || bad "endgame: the value by the databases"
# a player with them, a match from a position
"$M" match oware --from "$T/ow3.json" --south "alphabeta:depth=2:db=$T/eg" --north random --games 2 --jobs 1 --json \
    >"$T/out" 2>&1 && grep -q '"games":2' "$T/out" && ok || bad "endgame: match --from with db"
# bounds: two seeds chase each other round the board for ever (South to
# move, one seed in his last hole, one in North's last; every move is
# forced and nobody can capture). The repetition rule gives each his own
# seed: a draw. Counted as South's worst end, North wins by every seed of
# the game (48); as North's worst, South does.
printf '%s' '{"variant":"oware","board":[0,0,0,0,0,1, 0,0,0,0,0,1],"stores":[23,23],"to_move":"south"}' >"$T/chase.json"
"$M" solve oware --from "$T/chase.json" --bound lower >"$T/out" 2>&1 && grep -q '^lower: North wins by 48$' "$T/out" \
    && grep -q "^endless play counted as South's worst end" "$T/out" && ok || bad "bound lower: the chase"
"$M" solve oware --from "$T/chase.json" --bound upper --search --json >"$T/out" 2>&1 \
    && grep -q '"value":{"winner":"south","margin":48},"bound":"upper"' "$T/out" \
    && grep -q '"line_end":"repeats"' "$T/out" && ok || bad "bound upper by search: the chase"
"$M" solve oware --bound middle >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- "--bound takes lower or upper, not 'middle'" "$T/out" \
    && ok || bad "bound: a bad word"
# databases of the bounds, beside the values under their own names; the
# ending above ends at once (a capture, then a forced end): both bounds
# are its value
for b in lower upper; do
    "$M" solve oware --endgame 5 --bound $b --db "$T/eg" --json >"$T/out" 2>&1 && grep -q "\"bound\":\"$b\"" "$T/out" \
        && grep -q '"max_dist":' "$T/out" && [ -s "$T/eg/seeds-05-$b.egdb" ] && ok || bad "endgame --bound $b"
    # every bound and distance against the reference implementation
    python3 "$D/crosscheck/endgame.py" "$T/eg" --bound $b >"$T/out" 2>&1 && ok || { cat "$T/out"; bad "endgame --bound $b: the reference"; }
    "$M" solve oware --from "$T/ow3.json" --search --stores-apart --db "$T/eg" --bound $b --memory 16 >"$T/out" 2>&1 \
        && grep -q "^$b: South wins by 2\$" "$T/out" && ok || bad "endgame --bound $b: the value by the databases"
done
"$M" match oware --from "$T/ow3.json" --south "alphabeta:depth=2:db=$T/eg" --north random --games 1 --jobs 1 --json \
    >"$T/out" 2>&1 && grep -q '"first_wins":1' "$T/out" && ok || bad "endgame: the player with the bounds"
# a file of values under a bound's name: refused, naming what it holds
mkdir -p "$T/mixed" && cp "$T/eg/seeds-00.egdb" "$T/mixed/seeds-00-lower.egdb"
"$M" solve oware --search --stores-apart --db "$T/mixed" --bound lower >"$T/out" 2>&1; [ $? = 1 ] \
    && grep -q 'seeds-00-lower.egdb: it holds values, not lower bounds' "$T/out" && ok || bad "bound: a file of values"
# refusals
"$M" solve oware --endgame 3 --search >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'does not go with --search' "$T/out" \
    && ok || bad "endgame: with --search"
"$M" solve oware --search --db "$T/eg" >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- '--db goes with --stores-apart' "$T/out" \
    && ok || bad "endgame: --db without --stores-apart"
"$M" solve awari --search --stores-apart --db "$T/eg" >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'another variant' "$T/out" \
    && ok || bad "endgame: another variant"
"$M" solve oware --endgame 121 >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- '--endgame takes a whole number in 1\.\.120' "$T/out" \
    && ok || bad "endgame: 121"
"$M" solve oware --endgame 27 --db "$T/big" >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'too many for one file (at most 26 seeds here)' "$T/out" \
    && [ ! -e "$T/big/seeds-00.egdb" ] && ok || bad "endgame: past 2^30 positions, refused at once"
"$M" solve bechi --endgame 4 --db "$T/bechi" >"$T/out" 2>&1; [ $? = 1 ] && grep -q 'another shape' "$T/out" \
    && ok || bad "endgame: a shape that changes"
"$M" match oware --south "alphabeta:db=$T/none" --north random --games 1 >"$T/out" 2>&1; [ $? = 1 ] \
    && grep -q 'seeds-00.egdb' "$T/out" && ok || bad "endgame: a player without its databases"
finish
