#!/bin/sh
# `mancala stats`: the report of a game whose every play is the same
# (tests/stats/one-seed.yaml: one decision, a 1-1 draw), worked out by
# hand; the same report whatever --jobs; JSON and SVG that parse; bad
# arguments refused. Usage: tests/stats.sh PATH/TO/mancala
D=$(dirname "$0")
. "$D/shlib.sh"

# 100 games of One seed: all draws; Wilson's interval for 0 of 100 is
# 0..z^2/(n+z^2) = 3.8416/103.8416 = 3.7%; every game one decision, one
# legal choice, no capture; the stores end 1-1.
"$M" stats "$D/stats/one-seed.yaml" --games 100 --jobs 2 >"$T/out" 2>&1
grep -q '^ draws  *100  100\.0%  (95% interval 96\.3%-100\.0%)$' "$T/out" && ok || bad "one-seed: draws"
grep -q '^ South wins  *0  *0\.0%  (95% interval 0\.0%-3\.7%)$' "$T/out" && ok || bad "one-seed: Wilson's interval"
grep -q 'game length: mean 1\.0 decisions, median 1, shortest 1, longest 1$' "$T/out" && ok || bad "one-seed: length"
grep -q 'branching factor: 1\.00 legal' "$T/out" && ok || bad "one-seed: branching"
grep -q 'captures: 0\.0% of decisions capture' "$T/out" && ok || bad "one-seed: captures"
grep -q 'South 1\.0, North 1\.0$' "$T/out" && ok || bad "one-seed: stores"

# the same games whatever the threads: Oware between greedy and a
# fixed-depth alphabeta (the random players' draws included)
for j in 1 2 3; do
    "$M" stats oware --games 300 --south greedy --north alphabeta:depth=2 --jobs $j --json >"$T/j$j" 2>&1 || bad "stats --jobs $j"
done
cmp -s "$T/j1" "$T/j2" && cmp -s "$T/j1" "$T/j3" && ok || bad "stats: --jobs changes the report"
python3 - "$T/j1" <<'PY' && ok || bad "stats --json"
import json, sys
o = json.load(open(sys.argv[1]))
w = o["south_wins"]["count"] + o["north_wins"]["count"] + o["draws"]["count"]
assert o["variant"] == "oware" and o["games"] == 300 and w == 300, o
assert sum(o["length"]["bins"]) == 300
assert o["by_decision"]["games"][0] == 300
lo, hi = o["south_wins"]["ci95"]
assert lo <= o["south_wins"]["share"] <= hi
PY
# a plot: SVG that parses, with its three titles
"$M" stats kalah --games 200 --plot "$T/k.svg" >/dev/null 2>&1
python3 -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); t = " ".join(x.firstChild.data for x in d.getElementsByTagName("text") if x.firstChild); assert "Game length" in t and "by decision" in t and "stores" in t' "$T/k.svg" \
    && ok || bad "stats --plot"
# --from: an Oware ending worked by hand, South to move with one seed in
# his hole 6, North one in 7 and one in 12, stores 22 and 23. Every move
# is forced: South's 6 makes 2 in hole 7 and takes them (North keeps the
# seed of 12, no grand slam): 24; North must feed South, 12 into 1; South's
# one seed cannot reach North's row: the game ends, South takes it, 25 to
# 23. Each game: 2 decisions, South wins.
printf '{"board":[0,0,0,0,0,1,1,0,0,0,0,1],"stores":[22,23],"to_move":"south"}' >"$T/three.json"
"$M" stats oware --from "$T/three.json" --games 40 --jobs 2 --json >"$T/out" 2>&1 || bad "stats --from"
python3 - "$T/out" "$T/three.json" <<'PY' && ok || bad "stats --from: the report"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["from"] == sys.argv[2] and o["games"] == 40, o
assert o["south_wins"]["count"] == 40 and o["north_wins"]["count"] == 0, o
assert o["length"]["mean"] == 2, o["length"]
PY
"$M" stats oware --from "$T/three.json" --games 4 >"$T/out" 2>&1 && grep -q "from the position of $T/three.json" "$T/out" \
    && ok || bad "stats --from: the text report"
# a position where the game is over: refused
printf '{"board":[0,0,0,0,0,0,0,0,0,0,0,0],"stores":[24,24],"to_move":"south"}' >"$T/over.json"
"$M" stats oware --from "$T/over.json" >"$T/out" 2>&1; [ $? = 1 ] && grep -q "the game is over there" "$T/out" \
    && ok || bad "stats --from a finished game"
# refused: a human player, --jobs 0, no variant
"$M" stats kalah --south human >"$T/out" 2>&1; [ $? = 1 ] && grep -q "stats is for computer players" "$T/out" && ok || bad "stats: a human"
"$M" stats kalah --jobs 0 >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- "--jobs takes a whole number in 1..64" "$T/out" && ok || bad "stats --jobs 0"
"$M" stats >"$T/out" 2>&1; [ $? = 1 ] && ok || bad "stats without a variant"
"$M" stats kalah --games 10 --plot /nonexistent/x.svg >"$T/out" 2>&1; [ $? = 1 ] && ok || bad "stats --plot to a bad path"

# Three players (tests/stats/three.yaml, 2 x 3: Player 1 owns 1-2, Player
# 2 3-4, Player 3 5-6; a last seed making 2 is taken; a player without a
# move passes): from 2: 1, 3: 1, 5: 1, Player 1 to move, every decision
# is forced. 2 -> 3 (2, taken: 2-0-0); Player 2 passes; Player 3: 5 -> 6,
# 6 -> 1 (Player 1 and 2 pass between); then 1 -> 2, 2 -> 3, 3 -> 4,
# 4 -> 5 (each player passing while he has no seed): the 7th decision
# brings back the position after the 1st (a seed in 5, Player 3 to move),
# the 13th brings it the third time: the game ends, the seed to 5's owner,
# Player 3: 2-0-1, Player 1 wins. Each game 13 decisions.
printf '{"board":[0,1,1,0,1,0],"stores":[0,0,0],"to_move":"p1"}' >"$T/f3.json"
"$M" stats "$D/stats/three.yaml" --from "$T/f3.json" --games 30 --json >"$T/out" 2>&1 || bad "stats of three players"
python3 - "$T/out" <<'PY' && ok || bad "stats of three players: the report"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["p1"] == "random" and o["p3"] == "random" and "south" not in o, o
assert o["p1_wins"]["count"] == 30 and o["p2_wins"]["count"] == 0 and o["p3_wins"]["count"] == 0, o
assert o["draws"]["count"] == 0 and o["length"]["mean"] == 13, o
assert o["ends"] == {"repetition": 30}, o["ends"]
assert o["by_decision"]["stores"][0] == [2, 0, 0], o["by_decision"]["stores"][0]
PY
"$M" stats "$D/stats/three.yaml" --from "$T/f3.json" --games 4 --p3 greedy >"$T/out" 2>&1
grep -q '^three: 4 games, Player 1 random, Player 2 random, Player 3 greedy, seed 1' "$T/out" && \
    grep -q '^ Player 3 wins  *0  *0\.0%' "$T/out" && ok || bad "stats of three players: the text report"
"$M" stats kalah --p3 random --games 2 >"$T/out" 2>&1; [ $? = 1 ] && grep -q -- "--p3: kalah is a game of 2 players" "$T/out" \
    && ok || bad "stats --p3 of a game of two"
finish
