#!/bin/sh
# Command-line checks (docs/mancala.1): exit codes, output shapes, replay
# round trips. Usage: tests/cli.sh PATH/TO/mancala
. "$(dirname "$0")/shlib.sh"
check() { # check NAME EXPECTED_EXIT COMMAND...
    name=$1; want=$2; shift 2
    "$@" >"$T/out" 2>"$T/err"; got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$name: exit $got, expected $want"; cat "$T/err" | head -5; fi
}

# list: the built-in variants (the first eight among them), one line each
check list 0 "$M" list
for v in bechi bechi-2x3 hufesay ba-awa bohnenspiel andada oware kalah; do
    grep -q "^$v " "$T/out" && ok || bad "list lacks $v"
done
[ "$(wc -l <"$T/out")" -ge 8 ] && ok || bad "list: fewer than 8 lines"
# the filters: four rows (each line says 4xN, and Bao is one); a word;
# a feature; a region; an unknown feature; --json lines
check list-rows 0 "$M" list --rows 4
grep -q '^bao  *4x8  *Bao la Kiswahili$' "$T/out" && ! grep -qv ' 4x[0-9]' "$T/out" && ok || bad "list --rows 4"
check list-search 0 "$M" list --search KALAH
grep -q '^kalah ' "$T/out" && ! grep -q '^oware ' "$T/out" && ok || bad "list --search"
check list-feature 0 "$M" list --feature loans
[ "$(cut -d' ' -f1 "$T/out")" = leyla ] && ok || bad "list --feature loans"
check list-region 0 "$M" list --region jijiga
grep -q '^leyla ' "$T/out" && ok || bad "list --region"
check list-feature-unknown 1 "$M" list --feature dice
grep -q "no feature 'dice'; the features are:" "$T/err" && grep -q '^  relay ' "$T/err" && ok || bad "list --feature dice: message"
check list-none 0 "$M" list --rows 7
grep -q 'no built-in game matches' "$T/err" && [ ! -s "$T/out" ] && ok || bad "list --rows 7"
check list-json 0 "$M" list --json --search leyla
grep -q '^{"name":"leyla","title":"Leyla","rows":2,"holes":6,"seeds":48,' "$T/out" && grep -q '"ludii":"Leyla"' "$T/out" && grep -q '"features":\[[^]]*"loans"' "$T/out" && ok || bad "list --json"

# validate: every shipped file; a missing file; a directory
check validate-shipped 0 "$M" validate variants/*.yaml
[ "$(grep -c ': ok: ' "$T/out")" = "$(ls variants/*.yaml | wc -l)" ] && ok || bad "validate: one summary line per file"
[ ! -s "$T/err" ] && ok || bad "validate: stderr not empty for valid files"
check validate-missing 1 "$M" validate "$T/nope.yaml"
grep -q '^mancala: ' "$T/err" && ok || bad "validate-missing: message does not begin with mancala:"
check validate-dir 1 "$M" validate "$T"
printf 'game: x\nboard: [1, 2\n' >"$T/broken.yaml"
check validate-syntax 1 "$M" validate "$T/broken.yaml"
grep -q "^$T/broken.yaml:[0-9]*:[0-9]*: error: " "$T/err" && ok || bad "validate-syntax: no FILE:LINE:COL: error:"
[ ! -s "$T/out" ] && ok || bad "validate-syntax: printed a summary for a broken file"

# show: every variant, and with an option
for v in bechi bechi-2x3 hufesay ba-awa bohnenspiel andada oware kalah; do
    check "show $v" 0 "$M" show "$v"
done
check show-option 0 "$M" show oware --option grand-slam=capture
grep -q 'grand-slam = capture' "$T/out" && ok || bad "show: option value not shown"
check show-bad-option 1 "$M" show oware --option grand-slam=maybe
grep -q 'grand-slam' "$T/err" && ok || bad "show-bad-option: message does not name the option"
check show-unknown-option 1 "$M" show oware --option colour=red
# show: a sweep's `amount` is said
cat > "$T/sweep.yaml" <<'EOF2'
game: sweep
board: {rows: 2, holes: 3, seeds: 3, stores: off-track}
moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}
captures:
  - when: last.owner == opponent
    sweep: row(opponent)
    where: hole.count > 1
    amount: 1
    to: mover
EOF2
check show-sweep-amount 0 "$M" show "$T/sweep.yaml"
grep -q 'take at most 1 seeds from each hole of row(opponent) where hole.count > 1' "$T/out" && ok || bad "show: a sweep's amount is not said"
# show: match.leftover is said (Ayo: the poorer owns the hole left over,
# empty; Qelat: the larger remainder)
check show-leftover-empty 0 "$M" show ayo
grep -q 'A hole left over goes to the player with fewer seeds' "$T/out" && ok || bad "show: leftover: fewer-seeds-empty not said"
grep -q 'It starts empty' "$T/out" && ok || bad "show: the empty hole of fewer-seeds-empty not said"
check show-leftover-remainder 0 "$M" show qelat
grep -q 'A hole left over goes to the larger remainder' "$T/out" && ok || bad "show: leftover: larger-remainder not said"
# show: match.keep and match.share are said (Omangunta Peeta's middle holes);
# list --feature keep finds the game
check show-keep 0 "$M" show omangunta-peeta
grep -q 'The holes where hole.column == 4 keep their seeds from round to round' "$T/out" && ok || bad "show: match.keep not said"
grep -q 'Before that, each player takes from each of them: if south.claimed' "$T/out" && ok || bad "show: match.share not said"
"$M" list --feature keep | grep -q '^omangunta-peeta' && ok || bad "list --feature keep: omangunta-peeta missing"
"$M" list --feature keep | grep -q '^pallankuli' && bad "list --feature keep: pallankuli listed" || ok
# show: moves.place.each is said (Mwambulula's reserve)
check show-place-each 0 "$M" show mwambulula
grep -q 'a seed of the mover.s reserve into every hole where hole.owner == mover, while the reserve lasts (written place:all)' "$T/out" && ok || bad "show: moves.place.each not said"
# show --plan: Oware's sowing (next hole, the origin skipped, one lap) is
# the plain kernel; its `from` in normal form; the reference mode has no
# short cut
check show-plan 0 "$M" show oware --plan
grep -q '^sowing: plain kernel, a lap at a time, the origin passed over' "$T/out" && ok || bad "show --plan: no plain kernel for oware"
grep -q 'normal form: hole.owner == mover and hole.count >= 1 (tested directly)' "$T/out" && ok || bad "show --plan: no normal form of moves.from"
MANCALA_VM=general "$M" show oware --plan >"$T/out" 2>&1
grep -q '^mode: reference' "$T/out" && grep -q '^sowing: general kernel' "$T/out" && ok || bad "show --plan: reference mode not shown"
# --version: the program's and the library's version
check version 0 "$M" --version
grep -qx 'mancala [0-9]*\.[0-9]*\.[0-9]* (libmancala [0-9]*\.[0-9]*\.[0-9]*)' "$T/out" && ok || bad "--version: $(cat "$T/out")"
check unknown-variant 1 "$M" show nosuchgame

# perft: the counts are checked by tests/perft.sh (both modes)
check perft-bad-depth 1 "$M" perft kalah x

# replay: JSON out; an illegal move names its index and the legal moves
check replay 0 "$M" replay kalah 3 1
grep -q '"board":\[0,5,1,6,6,5,4,4,4,4,4,4\]' "$T/out" && ok || bad "replay kalah 3 1: wrong board"
grep -q '"to_move":"north"' "$T/out" && ok || bad "replay kalah 3 1: wrong side to move"
check replay-illegal 1 "$M" replay kalah 3 9
grep -q 'move 2' "$T/err" && grep -q 'legal moves: 1 2 4 5 6' "$T/err" && ok || { bad "replay-illegal: message"; cat "$T/err"; }
[ ! -s "$T/out" ] && ok || bad "replay-illegal: printed a position"

# replay --from: what replay prints reads back to the same position
for v in bechi hufesay ba-awa bohnenspiel andada oware kalah; do
    moves=$("$M" replay "$v" | sed 's/.*"moves":\["\([^"]*\)".*/\1/')
    "$M" replay "$v" "$moves" >"$T/a.json" || bad "replay $v $moves"
    next=$(sed 's/.*"moves":\["\([^"]*\)".*/\1/' "$T/a.json")
    "$M" replay "$v" "$moves" "$next" >"$T/b1.json"
    "$M" replay "$v" --from "$T/a.json" "$next" >"$T/b2.json"
    cmp -s "$T/b1.json" "$T/b2.json" && ok || { bad "replay --from round trip ($v)"; cat "$T/b1.json" "$T/b2.json"; }
done
echo '{"board": [1,2,3], "stores": [0,0], "to_move": "south"}' >"$T/short.json"
check from-short 1 "$M" replay kalah --from "$T/short.json"
grep -q 'board' "$T/err" && ok || bad "from-short: does not name the field"
echo '{"board": [4,4,4,4,4,4,4,4,4,4,4,4], "stores": [0,0], "to_move": "east"}' >"$T/side.json"
check from-side 1 "$M" replay kalah --from "$T/side.json"
grep -q 'to_move' "$T/err" && ok || bad "from-side: does not name the field"
echo 'not json' >"$T/junk.json"
check from-junk 1 "$M" replay kalah --from "$T/junk.json"

# replay --events (docs/events.md): each move's events as JSON lines, then
# the position. Kalah 5 7 1, worked out by hand: South sows hole 5 (4
# seeds): hole 6, his store, 7, 8 (last 8, no extra turn); North sows 7 (5
# seeds): 8, 9, 10, 11, 12 (his store comes after 12: not reached); South
# sows 1 (4 seeds): 2, 3, 4, 5; hole 5 was empty and the opposite hole,
# 13 - 5 = 8, holds 6: the opposite hole first, then the last seed, both
# to South after the sowing. Stores 1 + 6 + 1 = 8 and 0.
cat >"$T/kalah.events" <<'END'
{"event":"move","player":"south","move":"5"}
{"event":"lap","player":"south","lap":1,"from":5,"seeds":4,"last":8}
{"event":"move","player":"north","move":"7"}
{"event":"lap","player":"north","lap":1,"from":7,"seeds":5,"last":12}
{"event":"move","player":"south","move":"1"}
{"event":"lap","player":"south","lap":1,"from":1,"seeds":4,"last":5}
{"event":"capture","player":"south","hole":8,"seeds":6,"to":"south","during":false}
{"event":"capture","player":"south","hole":5,"seeds":1,"to":"south","during":false}
END
check replay-events 0 "$M" replay kalah --events 5 7 1
head -n 8 "$T/out" | cmp -s - "$T/kalah.events" && ok || { bad "replay --events: kalah 5 7 1 events"; head -n 8 "$T/out" | diff "$T/kalah.events" - | head; }
[ "$(wc -l <"$T/out")" = 9 ] && ok || bad "replay --events: not 8 events and a position"
"$M" replay kalah 5 7 1 >"$T/pos.json"
tail -n 1 "$T/out" | cmp -s - "$T/pos.json" && ok || bad "replay --events: the last line is not the position"
grep -q '"board":\[0,5,5,5,0,5,0,0,5,5,5,5\],"stores":\[8,0\],"to_move":"north"' "$T/pos.json" && ok || bad "replay kalah 5 7 1: wrong position"
[ ! -s "$T/err" ] && ok || bad "replay --events: stderr not empty"
# with --record: the record's moves send their events too
printf 'variant: kalah\nround 1: 5 7 1\n' >"$T/k.rec"
check replay-events-record 0 "$M" replay kalah --record "$T/k.rec" --events
head -n 8 "$T/out" | cmp -s - "$T/kalah.events" && tail -n 1 "$T/out" | cmp -s - "$T/pos.json" && ok || bad "replay --record --events differs from replay --events of the moves"
# a record, then a move on the command line: the record's two moves (South
# 6: his store, 7, 8, 9; North 7, 5 seeds: 8..12), then South's hole 3 (4
# seeds: 4, 5, 6, his store): an extra turn
printf 'variant: kalah\nround 1: 6 7\n' >"$T/k2.rec"
check replay-events-record-moves 0 "$M" replay kalah --record "$T/k2.rec" --events 3
printf '%s\n' '{"event":"move","player":"south","move":"3"}' \
    '{"event":"lap","player":"south","lap":1,"from":3,"seeds":4,"last":"south-store"}' \
    '{"event":"extra-turn","player":"south"}' >"$T/want"
[ "$(wc -l <"$T/out")" = 8 ] && sed -n '5,7p' "$T/out" | cmp -s - "$T/want" && ok || { bad "replay --record --events MOVE: kalah extra turn"; cat "$T/out"; }
# no move: the position alone
check replay-events-none 0 "$M" replay kalah --events
[ "$(wc -l <"$T/out")" = 1 ] && grep -q '^{"variant":"kalah"' "$T/out" && ok || bad "replay --events with no move: not the position alone"
# an illegal move: the events of the moves before it, no position, exit 1
check replay-events-illegal 1 "$M" replay kalah --events 3 9
[ "$(wc -l <"$T/out")" = 3 ] && ! grep -q '"variant"' "$T/out" && ok || { bad "replay --events, illegal move: output"; cat "$T/out"; }
grep -q "move 2 ('9') is not legal here" "$T/err" && ok || bad "replay --events, illegal move: message"
# --from: an Oware grand slam (grand-slam=nothing): South sows hole 6 (2
# seeds): 7 (1 -> 2), 8 (1 -> 2); 8 and then 7 captured, which would empty
# North's row: cancelled
echo '{"board":[3,0,0,0,0,2,1,1,0,0,0,0],"stores":[10,10],"to_move":"south"}' >"$T/slam.json"
cat >"$T/want" <<'END'
{"event":"move","player":"south","move":"6"}
{"event":"lap","player":"south","lap":1,"from":6,"seeds":2,"last":8}
{"event":"capture","player":"south","hole":8,"seeds":2,"to":"south","during":false}
{"event":"capture","player":"south","hole":7,"seeds":2,"to":"south","during":false}
{"event":"cancel","player":"south"}
END
check replay-events-from 0 "$M" replay oware --from "$T/slam.json" --events 6
head -n 5 "$T/out" | cmp -s - "$T/want" && [ "$(wc -l <"$T/out")" = 6 ] && ok || { bad "replay --events: oware grand slam"; head -n 5 "$T/out" | diff "$T/want" - | head; }
grep -q '"board":\[3,0,0,0,0,0,2,2,0,0,0,0\],"stores":\[10,10\],"to_move":"north"' "$T/out" && ok || bad "replay --events: oware grand slam position"
# a Bechi round end: South sows hole 3 (2 seeds: back into 3, then 4);
# neither player has a hole of 2 seeds: the round ends (blocked) and each
# takes his row, hole by hole, after the sowing; round 2, begun by North;
# South, richer (26), fills his four holes; North (22) is to choose 3.
echo '{"board":[0,0,2,0,1,0,1,0],"stores":[24,20],"to_move":"south"}' >"$T/bechi.json"
cat >"$T/want" <<'END'
{"event":"move","player":"south","move":"3"}
{"event":"flag","flag":"opened","hole":3}
{"event":"lap","player":"south","lap":1,"from":3,"seeds":2,"last":4}
{"event":"capture","player":"south","hole":3,"seeds":1,"to":"south","during":false}
{"event":"capture","player":"south","hole":4,"seeds":1,"to":"south","during":false}
{"event":"capture","player":"south","hole":5,"seeds":1,"to":"north","during":false}
{"event":"capture","player":"south","hole":7,"seeds":1,"to":"north","during":false}
{"event":"end","reason":"blocked","round":1,"winner":"south","took":{"south":2,"north":2},"removed":0,"over":false}
{"event":"round","round":2,"starter":"north"}
{"event":"fill","player":"south","holes":[1,2,3,4],"seeds":6,"paid":24}
END
check replay-events-round 0 "$M" replay bechi --from "$T/bechi.json" --events 3
head -n 10 "$T/out" | cmp -s - "$T/want" && ok || { bad "replay --events: bechi round end"; head -n 10 "$T/out" | diff "$T/want" - | head; }
tail -n 1 "$T/out" | grep -q '"board":\[6,6,6,6,0,0,0,0\],"stores":\[2,22\],"to_move":"north".*"phase":"fill","round":2,"starter":"north"' && ok || bad "replay --events: bechi round 2 position"

# play with piped input: a wrong entry, the legal list, a move, quit
printf 'zz\n?\n1\nquit\n' | "$M" play kalah --seed 3 >"$T/out" 2>"$T/err"
[ $? = 0 ] && ok || bad "play: exit status"
grep -q "not a legal move" "$T/out" && ok || bad "play: wrong entry not explained"

# play: undo at the start, a bad token, save, load, replay --record
printf 'undo\nxyz\n3\n1\nsave %s\nquit\n' "$T/g.rec" | "$M" play kalah --seed 4 --north random >"$T/out" 2>&1
[ $? = 0 ] && ok || bad "play session: exit status"
grep -q "Nothing to undo" "$T/out" && ok || bad "play: undo at the start"
grep -q "'xyz' is not a legal move here: it names no hole and is no command" "$T/out" && ok || bad "play: bad token"
grep -q "^ Legal moves: 1 2 3 4 5 6" "$T/out" && ok || bad "play: bad token, the moves"
grep -q '^variant: kalah$' "$T/g.rec" && grep -q '^round 1: 3 1 [0-9]*$' "$T/g.rec" && ok || { bad "play: saved record"; cat "$T/g.rec"; }
moves=$(sed -n 's/^round 1: //p' "$T/g.rec")
"$M" replay kalah $moves >"$T/a.json" && "$M" replay kalah --record "$T/g.rec" >"$T/b.json" && cmp -s "$T/a.json" "$T/b.json" && ok || bad "replay --record differs from replay of its moves"
printf 'quit\n' | "$M" play --load "$T/g.rec" >"$T/out" 2>&1
grep -q "South to move" "$T/out" && ok || bad "play --load"
printf 'variant: kalah\nround 1: 3 9\n' >"$T/bad.rec"
check record-illegal 1 "$M" replay kalah --record "$T/bad.rec"
grep -q "move 2 ('9')" "$T/err" && ok || bad "record-illegal: message"
printf 'variant: kalah\nround 2: 3\n' >"$T/bad2.rec"
check record-round 1 "$M" replay kalah --record "$T/bad2.rec"
grep -q "bad2.rec:2: expected .round 1:." "$T/err" && ok || { bad "record-round: message"; cat "$T/err"; }
# a record with lots (Qelat's hole left over at 2 and 2): lot:south in
# round 1's line replays as the same game as its moves
check replay-record-lots 0 "$M" replay qelat --record fuzz/seeds/record/qelat-lots.rec
"$M" replay qelat $(sed -n 's/^round [0-9]*: //p' fuzz/seeds/record/qelat-lots.rec) | cmp -s - "$T/out" && grep -q 'lot:south' fuzz/seeds/record/qelat-lots.rec && ok || bad "replay --record with lots differs from replay of its moves"
# lots and loans in words
check show-lots-loans 0 "$M" show leyla
grep -q 'lends the other (.*) seeds (the other owes them)' "$T/out" && grep -q 'no more holes than the other can fill' "$T/out" && ok || bad "show leyla: settle, fill-even"
"$M" show qelat | grep -q 'equal remainders: a lot is drawn for it (lot:south or lot:north)' && ok || bad "show qelat: leftover-tie"
# a relay from the next hole under a condition, and a relay that turns
# round, in words
printf 'game: rl\nboard: {rows: 2, holes: 3, seeds: 2, stores: off-track}\nmoves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\nsowing: {laps: relay, relay-from: {next: last.count == 2}, relay-reverse: last.count == 3}\n' >"$T/rl.yaml"
"$M" show "$T/rl.yaml" >"$T/out" 2>&1
grep -q 'lift the hole after it where last.count == 2 (else that hole)' "$T/out" && grep -q 'Where last.count == 3 as a lap ends, the relay turns round' "$T/out" && ok || bad "show: relay-from {next: ...}, relay-reverse"
# this session's rule features in words: sowings from the store, a step
# of a whole hole to a hole of a set, groups of four, a layout by chance
printf 'game: w\nboard: {rows: 2, holes: 3, seeds: 4, stores: off-track}\nsetup: {by: south, seeds: 6, where: true, chance: true}\nmoves:\n  from: hole.owner == mover and hole.count > 0\n  direction: ccw\n  store:\n    - {name: row, also: true, into: first(row(mover)), lift: {min: 1, max: mover.store}}\n    - {name: round, also: true, into: first(row(mover))}\n  step: {when: plies < 2, from: hole.owner == mover, seeds: hole.count, to-any: board}\nsowing: {per-hole: 4, skip: stored == 1 and hole.owner != mover}\n' >"$T/w.yaml"
"$M" show "$T/w.yaml" >"$T/out" 2>&1
grep -q 'the moves also include sowings from the store (written store:row, with x and the seeds sown' "$T/out" \
  && grep -q 'from 1 to mover.store seeds of his store' "$T/out" && grep -q '(written store:round): all the seeds of his store' "$T/out" \
  && grep -q 'hole.count seeds (at least one, at most all) from a hole where hole.owner == mover to any hole of board (a move for each)' "$T/out" \
  && grep -q 'Nobody chooses those holes: each seed goes by chance' "$T/out" \
  && grep -q 'A lap drops 4 seeds at each place' "$T/out" && ok || bad "show: moves.store, step seeds/to-any, setup.chance, per-hole"
# a counter changed by a capture (board.counters) and its event: South 4
# (2 seeds) into 4 itself and 5, which held 2: taken, his count of
# captures now 1
echo '{"board":[10,10,10,2,2,0,0,10,10,10,10,10],"stores":[8,8],"to_move":"south"}' >"$T/cg.json"
check replay-counter-events 0 "$M" replay concentration-game --from "$T/cg.json" --events 4
grep -q '^{"event":"counter","player":"south","counter":"captures","value":1}$' "$T/out" \
  && tail -n 1 "$T/out" | grep -q '"counters":{"captures":\[1,0\]}' && ok || { bad "replay --events: a counter"; tail -n 3 "$T/out"; }
"$M" show concentration-game >"$T/out" 2>&1
grep -q "Then set the mover's counter captures to mover.captures + 1" "$T/out" && grep -q "Each player's counters (0 as the game begins): captures" "$T/out" \
  && ok || bad "show: board.counters and a set counter change"
# the pie rule (moves.swap) in words, and its event: Random-Kalah with
# its 24 seeds all laid into hole 1 (26), South swaps before moving: the
# board is turned round (hole 7 holds 26) and North moves
"$M" show random-kalah >"$T/out" 2>&1
grep -q 'When not mover.sowed, the player to move may instead swap sides (written swap; the pie rule)' "$T/out" && ok || bad "show: moves.swap"
check replay-swap-events 0 "$M" replay random-kalah --events $(i=0; while [ $i -lt 24 ]; do printf 'place:1 '; i=$((i + 1)); done) swap
grep -q '^{"event":"swap","player":"south","swap":true}$' "$T/out" && tail -n 1 "$T/out" | grep -q '"board":\[2,2,2,2,2,2,26,2,2,2,2,2\],"stores":\[0,0\],"to_move":"north"' \
  && tail -n 1 "$T/out" | grep -q '"swapped":true' && ok || { bad "replay --events: the swap of moves.swap"; tail -n 3 "$T/out"; }
# seeds taken to the hand and sown from a hole out of play start after it:
# South 2 drops its seed in 3, which lifts hole 4 (2 seeds) to be sown from
# 5; 5 is out of play, so they go to 6 and 1 (worked by hand)
printf 'game: sf\nboard: {rows: 2, holes: 3, seeds: 2, stores: off-track}\nmoves: {from: hole.owner == mover, direction: ccw}\nsowing:\n  each-seed:\n    - when: hand == 0 and hole.number == 3\n      take: hole(4)\n      to: hand\n      sow-from: hole(5)\nmatch: {max-rounds: 5, next: fill, fill-seeds: 2, choose: left, over: south.store < 2 or north.store < 2, score: player.store}\n' >"$T/sf.yaml"
printf '{"board":[0,1,0,2,0,1],"stores":[4,3],"to_move":"south","round":2,"out_of_play":[5]}' >"$T/sf.json"
"$M" replay "$T/sf.yaml" --from "$T/sf.json" 2 | grep -q '"board":\[1,0,1,0,0,2\],"stores":\[4,3\]' && ok || bad "sow-from a hole out of play"
# about.gaps: in words
printf 'game: g\nabout:\n  gaps: the second round\nboard: {rows: 2, holes: 2, seeds: 1, stores: off-track}\nmoves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n' >"$T/g.yaml"
"$M" show "$T/g.yaml" | grep -A1 '^Not played here' | grep -q '^  the second round$' && ok || bad "show: about.gaps"
# an end rule's winner that names no player: a draw (not North)
printf 'game: nw\nboard: {rows: 2, holes: 2, seeds: 1, stores: off-track}\nmoves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\nend:\n  - when: true\n    seeds: stay\n    winner: hole(0).owner\n' >"$T/nw.yaml"
"$M" replay "$T/nw.yaml" 1 | grep -q '"over":true,"winner":"draw"' && ok || bad "end winner of no player: not a draw"
# who begins drawn by lot: in words, and perft counts both outcomes
printf 'game: lot\nboard: {rows: 2, holes: 2, seeds: 1, stores: off-track}\nfirst-player: {chosen-by: lot}\nmoves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n' >"$T/lot.yaml"
"$M" show "$T/lot.yaml" | grep -q 'First player: drawn by lot' && ok || bad "show: first-player lot"
[ "$("$M" perft "$T/lot.yaml" 2 | tr '\n' ' ')" = "1 2 2 4 " ] && ok || bad "perft of a lot"
# the events of a round's end in Leyla (46-2): South lends North 2
printf '{"board":[1,0,0,0,0,0,0,0,0,0,0,1],"stores":[46,0],"to_move":"south"}' >"$T/leyla.json"
check replay-settle-event 0 "$M" replay leyla --from "$T/leyla.json" --events 1
grep -q '"event":"settle","player":"south","seeds":2,"as":"lend"' "$T/out" && grep -q '"debts":\[0,2\]' "$T/out" && ok || { bad "settle event"; cat "$T/out"; }
check play-bad-player 1 "$M" play kalah --north wizard
check match-json 0 "$M" match kalah --south greedy --north random --games 4 --seed 3 --json
grep -q '"games":4,"first_wins":[0-9]*,"second_wins":[0-9]*,"draws":[0-9]*,"score":' "$T/out" && ok || bad "match --json shape"

# bench: the output shapes (no timing is checked); --perft and --search
check bench 0 "$M" bench kalah --seconds 0.05 --seed 3
for k in variant seconds games games/s plies/s plies/game south-wins north-wins draws; do
    grep -q "^$k: " "$T/out" && ok || bad "bench: no $k line"
done
check bench-perft 0 "$M" bench kalah --perft 3 --seconds 0.05
grep -q '^nodes/s: [0-9]' "$T/out" && ok || bad "bench --perft: no nodes/s"
check bench-search 0 "$M" bench kalah --search --seconds 0.16 --seed 3
grep -q '^positions: 16$' "$T/out" && ok || bad "bench --search: not 16 positions"
grep -q '^nodes/s: [0-9]' "$T/out" && ok || bad "bench --search: no nodes/s"
check bench-both 1 "$M" bench kalah --search --perft 3
# bench --all: a line for every built-in (as many as `list` shows), in
# text and as JSON lines; it takes no variant
"$M" list >"$T/list" 2>/dev/null
check bench-all 0 "$M" bench --all --games 1
[ "$(wc -l <"$T/out")" -eq $(($(wc -l <"$T/list") + 1)) ] && head -1 "$T/out" | grep -q '^game  *rows  *games/s' \
    && grep -q '^kalah  *2  *[0-9.]*  *[0-9]*  *[0-9.]*$' "$T/out" && ok || bad "bench --all: table"
check bench-all-json 0 "$M" bench --all --games 1 --json
[ "$(grep -c '^{"variant":"[a-z0-9-]*","rows":[0-9],"seconds":[0-9.]*,"games":1,"games_per_s":[0-9.]*,"plies_per_s":[0-9]*,"plies_per_game":[0-9.]*}$' "$T/out")" -eq "$(wc -l <"$T/list")" ] \
    && ok || bad "bench --all --json"
check bench-all-variant 1 "$M" bench --all kalah
grep -q 'usage: mancala bench --all' "$T/err" && ok || bad "bench --all kalah: message"

# Ctrl-C: perft, a computer game and a match stop cleanly: exit 130, a
# message, nothing half-printed (perft prints its counts only at the end)
interrupt() { # interrupt NAME COMMAND...: SIGINT after 0.5 s
    name=$1; shift
    "$@" >"$T/out" 2>"$T/err" </dev/null & pid=$!
    sleep 0.5
    kill -INT "$pid" 2>/dev/null
    wait "$pid"; got=$?
    [ "$got" = 130 ] && ok || bad "$name: exit $got after SIGINT, expected 130"
    grep -q '^mancala: interrupted' "$T/err" && ok || bad "$name: no 'interrupted' message"
}
interrupt perft-sigint "$M" perft andada 14
[ ! -s "$T/out" ] && ok || bad "perft-sigint: printed counts"
interrupt play-sigint "$M" play kalah --south alphabeta:time=5 --north alphabeta:time=5
interrupt match-sigint "$M" match kalah --south alphabeta:time=1 --north random --games 100

# command-line conventions: COMMAND --help, --flag=value, flags that do
# not apply, arguments too many, did-you-mean, - for standard input
for c in list show validate perft replay play match bench; do
    check "help-$c" 0 "$M" "$c" --help
    grep -q "^usage: mancala $c" "$T/out" && [ ! -s "$T/err" ] && ok || bad "$c --help: no usage on standard output"
done
check help-short 0 "$M" perft -h
grep -q '^usage: mancala perft VARIANT DEPTH' "$T/out" && ok || bad "perft -h"
check flag-equals 0 "$M" bench kalah --games=3 --seed=5 --option=capture-empty-opposite=true
grep -q '^games: 3$' "$T/out" && ok || bad "bench --games=3 not taken"
check flag-equals-option 0 "$M" show oware --option=grand-slam=capture
grep -q 'Option.*grand-slam\|grand-slam' "$T/out" && ok || bad "show --option=K=V"
check flag-not-here 1 "$M" perft kalah 2 --seed=3
grep -q 'perft does not take --seed; see mancala perft --help' "$T/err" && [ ! -s "$T/out" ] && ok || bad "perft --seed accepted"
check flag-no-value 1 "$M" replay kalah --events=yes
grep -q 'events takes no value' "$T/err" && ok || bad "--events=yes accepted"
check play-two-variants 1 "$M" play kalah oware
grep -q "play takes at most one VARIANT; 'oware' is one too many" "$T/err" && ok || bad "play kalah oware accepted"
check flag-typo 1 "$M" perft kalah 2 --fromm x.json
grep -q "unknown flag '--fromm' (did you mean '--from'?)" "$T/err" && ok || bad "no suggestion for --fromm"
check command-typo 1 "$M" plya
grep -q "unknown command 'plya' (did you mean 'play'?)" "$T/err" && ok || bad "no suggestion for plya"
"$M" validate - <variants/kalah.yaml >"$T/out" 2>"$T/err" && grep -q '^<stdin>: ok: kalah' "$T/out" && ok || bad "validate - (standard input)"
printf 'game: t\nboard: {rows: 2, holes: 0}\n' | "$M" validate - >"$T/out" 2>"$T/err"
[ $? = 1 ] && grep -q '^<stdin>:2:' "$T/err" && ok || bad "validate -: errors name <stdin>"
"$M" replay kalah 1 >"$T/pos.json"
"$M" replay kalah --from - 9 <"$T/pos.json" >"$T/out" 2>"$T/err" && grep -qF '"stores":[0,1]' "$T/out" && ok || bad "replay --from - (standard input)"
# --json for validate and perft: an object a file (its errors inside,
# nothing on standard error), the counts as one object
check validate-json 1 "$M" validate --json variants/kalah.yaml tests/bad/276-keep-without-fill.yaml
head -1 "$T/out" | grep -qF '{"file":"variants/kalah.yaml","ok":true,"game":"kalah","rows":2,"holes":6,"seeds":48,"options":2,"errors":[]}' && ok || bad "validate --json: the good file"
sed -n 2p "$T/out" | grep -qF '"ok":false,"errors":[{"line":12,"column":9,"message":"`match.keep` keeps' && [ ! -s "$T/err" ] && ok || bad "validate --json: the bad file"
check perft-json 0 "$M" perft kalah 2 --json
grep -qxF '{"variant":"kalah","nodes":[6,35]}' "$T/out" && ok || bad "perft --json"

# colour: --color always colours a pipe, TERM=dumb and never do not
printf 'quit\n' | "$M" play kalah --color always >"$T/out" 2>&1
grep -q "$(printf '\033\\[32m')store" "$T/out" && ok || bad "play --color always: no colour"
printf 'quit\n' | TERM=dumb "$M" play kalah --color=auto >"$T/out" 2>&1
! grep -q "$(printf '\033')" "$T/out" && ok || bad "play --color auto, TERM=dumb: colour"
check color-bad 1 "$M" play kalah --color=blue
grep -q 'color takes auto, always or never' "$T/err" && ok || bad "play --color=blue accepted"

# narration: Kalah's 3 (four seeds: 4, 5, 6, the store) takes a seed into
# South's store and gives him another turn; the last move of a game is
# described before the result, with the end. flat: the output's words
# on one line (the narration is wrapped at 79 columns)
flat() { tr -s ' \n' '  ' <"$T/out"; }
printf '3\nquit\n' | "$M" play kalah --north random --seed 3 >"$T/out" 2>&1
flat | grep -qF ' South played 3: sowed 4 seeds from hole 3, the last into South'"'"'s store. South moves again.' && ok || bad "play: extra turn not told"
"$M" play kalah --south random --north random --seed 2 >"$T/out" 2>&1
flat | grep -q 'played [0-9]*: sowed [^.]*\. .*The game is over: the end rule .*Game over: ' && ok || bad "play: the last move not described"
"$M" play buqruru --south random --north random --seed 1 >"$T/out" 2>&1
flat | grep -q 'The round is over: [^.]*\.[^:]*Round 1 is over: South' && ok || bad "play: the round's last move not told"
"$M" play buqruru --south random --north random --seed 5 >"$T/out" 2>&1
flat | grep -q 'played [^ ]*: .* [SN][a-z]* cannot move (\(his holes are empty\|no move of his is allowed\)) and passes\.' && ok || bad "play: a pass not told"

# the prompt: `help` lists the commands, an empty line asks again
printf 'help\n\nquit\n' | "$M" play kalah >"$T/out" 2>&1
grep -q 'Type a move (`moves` lists them), or: moves' "$T/out" && ! grep -q "'' is not a legal move" "$T/out" && ok || bad "play: help, empty line"

# --json where a command prints data: show (the options in full, the
# rules in words a line an entry), bench (one object); a misspelt variant
# gets a suggestion
"$M" show kalah --json >"$T/out" 2>&1
python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); e=o["options"][1]; assert o["name"]=="kalah" and o["holes"]==6 and e["name"]=="ends-when" and e["values"]==["a-row-is-empty","mover-is-empty"] and e["default"]=="a-row-is-empty" and o["rules"][0].startswith("Kalah")' "$T/out" \
    && ok || bad "show --json"
"$M" bench kalah --games 20 --json >"$T/out" 2>&1
python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); assert o["variant"]=="kalah" and o["games"]==20 and abs(o["south_wins"]+o["north_wins"]+o["draws"]-1)<1e-3' "$T/out" \
    && ok || bad "bench --json"
check show-plan-json 1 "$M" show kalah --plan --json
"$M" show kalah --option capture-empty-opposit=true >"$T/out" 2>&1
grep -q "no option \`capture-empty-opposit\`; did you mean \`capture-empty-opposite\`?" "$T/out" && ok || bad "a misspelt option"
# perft on threads: the same counts as on one (Oware to 7; Bechi to 8,
# whose matches and passes make uneven subtrees; Bao and Choro (Acholi)
# to 4, whose moves stop for choices in their middle)
for v in oware:7 bechi:8 bao:4 choro-acholi:4; do
    "$M" perft "${v%:*}" "${v#*:}" --jobs 1 >"$T/p1" 2>&1
    "$M" perft "${v%:*}" "${v#*:}" --jobs 3 >"$T/p3" 2>&1
    [ -s "$T/p1" ] && cmp -s "$T/p1" "$T/p3" && ok || bad "perft --jobs: $v"
done
# match on threads: the same games (each seeded by its number)
"$M" match kalah --south alphabeta:depth=2 --north greedy --games 60 --jobs 1 >"$T/m1" 2>/dev/null
"$M" match kalah --south alphabeta:depth=2 --north greedy --games 60 --jobs 3 >"$T/m3" 2>/dev/null
grep -q '^games: 60$' "$T/m1" && cmp -s "$T/m1" "$T/m3" && ok || bad "match --jobs"
"$M" play kalh >"$T/out" 2>&1
grep -q "no variant named 'kalh' (did you mean 'kalah'?)" "$T/out" && ok || bad "a misspelt variant"

finish
