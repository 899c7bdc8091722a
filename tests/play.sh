#!/bin/sh
# `mancala play` as a person uses it, input piped in: what each move did
# in words, refusals with their reasons, forgiving input, the prompt's
# commands, a game started from a position, saved and loaded, and what
# may be done once the game is over. Every expectation is worked out by
# hand from the rules of the variant (the comments say how).
# Usage: tests/play.sh PATH/TO/mancala
. "$(dirname "$0")/shlib.sh"
# the output's words on one line (the narration is wrapped at 79 columns)
flat() { tr -s ' \n' '  ' <"$T/out"; }
has() { flat | grep -qF -- "$1"; }

# Refusals at Kalah's start (South to move, 4 seeds in each hole): hole 9
# is North's, there are 12 holes, `xyz` is no hole; the legal moves follow
# on a line of their own.
printf '9\n13\nxyz\nquit\n' | "$M" play kalah --north random --seed 1 >"$T/out" 2>&1
has "'9' is not a legal move here: hole 9 is North's." && ok || bad "refusal: a hole of the opponent"
has "'13' is not a legal move here: there is no hole 13: the holes are 1-12." && ok || bad "refusal: no such hole"
has "'xyz' is not a legal move here: it names no hole and is no command" && ok || bad "refusal: not a hole"
grep -q '^ Legal moves: 1 2 3 4 5 6$' "$T/out" && ok || bad "refusal: the legal moves"

# Oware, North's row empty, South with a seed in holes 1 and 6: sowing 1
# puts its seed into hole 2 and leaves North without seeds, which the rule
# that North must be fed forbids; hole 2 is empty. Sowing 6 feeds hole 7.
cat >"$T/ow.json" <<'EOF'
{"variant":"oware","board":[1,0,0,0,0,1,0,0,0,0,0,0],"stores":[20,26],"to_move":"south"}
EOF
printf '1\n2\n6\nsave %s\nquit\n' "$T/ow.rec" | "$M" play oware --from "$T/ow.json" --north random --seed 1 >"$T/out" 2>&1
has "'1' is not a legal move here: the \`must\` rule (a move must give \`reached(row(opponent))\`) forbids it." && ok || bad "refusal: the must rule"
has "'2' is not a legal move here: hole 2 is empty." && ok || bad "refusal: an empty hole"
has "South played 6: sowed 1 seed from hole 6, the last into hole 7." && ok || bad "play --from: the move"
# the record starts where the game did; replayed, it gives the board after
# 6 (a seed in holes 1 and 7, no capture: hole 7 holds 1) and North to move
grep -q '^start: {' "$T/ow.rec" && grep -q '^round 1: 6' "$T/ow.rec" && ok || bad "save: the start line"
"$M" replay oware --record "$T/ow.rec" >"$T/out" 2>&1
grep -q '"board":\[1,0,0,0,0,0,1,0,0,0,0,0\],"stores":\[20,26\],"to_move":"north"' "$T/out" && ok || bad "replay --record of a game from a position"
printf 'quit\n' | "$M" play --load "$T/ow.rec" --north random >"$T/out" 2>&1
grep -q '^ South  *1  *0  *0  *0  *0  *0  *store 20$' "$T/out" && ok || bad "play --load of a game from a position"

# Alemungula: hole 3 can be sown either way (3cw, 3ccw): `3` alone names
# both; `3 CW` (spaces, capitals) is 3cw.
printf '3\n3 CW\nquit\n' | "$M" play alemungula --north random --seed 1 >"$T/out" 2>&1
has "'3' is not a legal move here: hole 3 can be sown 2 ways: type 3cw or 3ccw." && ok || bad "a hole sown two ways"
has "South played 3cw:" && ok || bad "forgiving input: 3 CW"

# Bechi, round 2: South holds 18 seeds, enough for three of his four holes
# at 6 each; `fill: 3, 1,2` is fill:1,2,3, and hole 4 stays out of play.
cat >"$T/fill.json" <<'EOF'
{"variant":"bechi","board":[0,0,0,0,6,6,6,6],"stores":[18,6],"to_move":"south","phase":"fill","round":2,
 "starter":"north","holdings":[18,6],"totals":[18,30]}
EOF
printf 'fill: 3, 1,2\nquit\n' | "$M" play bechi --from "$T/fill.json" --north random --seed 1 >"$T/out" 2>&1
has "South played fill:1,2,3: South fills holes 1-3 (6 seeds each). Hole 4 is out of play this round." \
    && ok || bad "forgiving input: fill in any order"
# Bechi's holdings carry from round to round: no match totals on its board
! grep -q 'match totals' "$T/out" && ok || bad "Bechi: totals of holdings counted again"

# Kalah: 3 (4 seeds: holes 4, 5, 6 and the store) earns another turn; 1
# (4 seeds: 2, 3, 4, 5) does not. `history` lists both, `board` draws the
# board again; --verbose names each hole a lap sowed.
printf '3\n1\nhistory\nboard\nquit\n' | "$M" play kalah --north random --seed 1 --verbose >"$T/out" 2>&1
has "South played 3: Lap 1: 4 seeds from hole 3 into 4, 5, 6, South's store. South moves again." \
    && ok || bad "--verbose: the lap"
has "South played 1: Lap 1: 4 seeds from hole 1 into 2, 3, 4, 5." && ok || bad "--verbose: the second move"
flat | grep -q 'Moves: 1\.S 3 2\.S 1 3\.N [0-9]' && ok || bad "history"
[ "$(grep -c '^ South  ' "$T/out")" -ge 4 ] && ok || bad "board: drawn again"
flat | grep -q '(North searched [0-9]* positions' && bad "--verbose: a random player searched" || ok

# A capture named with its holes: South's 1 (one seed) ends in the empty
# hole 2, whose opposite hole 11 holds 5: South takes 5 from 11 and 1 from
# 2 (take: opposite, then last). Kalah's end: South's row is then empty,
# so North takes the 2 seeds of hole 12: South 20 + 6 = 26, North 14 + 2 = 16.
cat >"$T/k.json" <<'EOF'
{"variant":"kalah","board":[1,0,0,0,0,0,0,0,0,0,5,2],"stores":[20,14],"to_move":"south"}
EOF
printf '1\nhistory\nsave %s\nquit\n' "$T/end.rec" | "$M" play kalah --from "$T/k.json" --north random >"$T/out" 2>&1
has "South played 1: sowed 1 seed from hole 1, the last into hole 2. South took 6 seeds: 5 from hole 11 and 1 from hole 2. The game is over: the end rule" \
    && ok || bad "a capture named, the end told"
has "Of the seeds left on the board South takes 0, North 2." && ok || bad "the end: the seeds left"
has "Game over: South wins (26-16)" && ok || bad "the result"
# the game over, the record can still be saved
has "Saved 1 move to $T/end.rec." && ok || bad "save after the game"
grep -q '^result: south 26-16$' "$T/end.rec" && ok || bad "the saved result"
# undo after the game takes South's move back and the game goes on
printf '1\nundo\n1\nquit\n' | "$M" play kalah --from "$T/k.json" --north random >"$T/out" 2>&1
[ "$(grep -c 'Game over: South wins (26-16)' "$T/out")" = 2 ] && ok || bad "undo after the game"

# Ayoayo's second end rule (one seed left on the board, with
# one-seed-ends) is the one named, not the first (a store above 24): South
# sows his last seed into hole 7, no capture; North takes it: 23-25.
cat >"$T/ayo.json" <<'EOF'
{"variant":"ayoayo","board":[0,0,0,0,0,1,0,0,0,0,0,0],"stores":[23,24],"to_move":"south"}
EOF
printf '6\nquit\n' | "$M" play ayoayo --option one-seed-ends=true --from "$T/ayo.json" --north random >"$T/out" 2>&1
has "The game is over: the end rule \`one-seed-ends and seeds(board) <= 1\` holds. Of the seeds left on the board South takes 0, North 1." \
    && ok || bad "the end rule that held, of two"
has "Game over: North wins (23-25)" && ok || bad "Ayoayo: the result"

# --verbose on a lap of 1000 seeds (Adji Kui, 1000 in each hole): the
# first 24 places, then how many more and where the last fell, and the
# paragraph is never cut
python3 -c 'print("{\"variant\":\"adji-kui\",\"board\":[" + ",".join(["1000"] * 12) + "],\"stores\":[0,0],\"to_move\":\"south\"}")' >"$T/big.json"
printf '1\nquit\n' | "$M" play adji-kui --from "$T/big.json" --north random --seed 1 --verbose >"$T/out" 2>&1
flat | grep -q 'South played 1: Lap 1: 1000 seeds from hole 1 into 2, 3, [0-9, ]* and 976 more, the last into hole [0-9]*\.' \
    && ok || bad "--verbose: a long lap"
! grep -q '\[\.\.\.\]' "$T/out" && ok || bad "--verbose: a paragraph cut"

# --animate off a terminal changes nothing
printf '3\n1\nquit\n' | "$M" play kalah --north random --seed 1 >"$T/a" 2>&1
printf '3\n1\nquit\n' | "$M" play kalah --north random --seed 1 --animate >"$T/b" 2>&1
cmp -s "$T/a" "$T/b" && ok || bad "--animate off a terminal"


# Three players (`players: 3`) on 2 x 3, a seed in each hole, every one at
# the keyboard: Player 1 owns 1-2, Player 2 3-4, Player 3 5-6; a last seed
# making 2 is taken by the mover. 2 -> 3 (2): Player 1 takes 2. Player 2's
# hole 3 is now empty, hole 1 is Player 1's; 4 -> 5 (2): Player 2 takes 2.
# 6 -> 1 (2): Player 3 takes 2, the board is empty: a draw, 2-2-2.
cat >"$T/t3.yaml" <<'EOF'
game: three
players: 3
board: {rows: 2, holes: 3, seeds: 1, stores: off-track}
moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}
captures:
  - {when: last.count == 2, take: last, to: mover}
no-moves: {pass: true}
end:
  - {when: seeds(board) == 0, seeds: owner}
EOF
printf '2\n3\n1\n4\n6\n' | "$M" play "$T/t3.yaml" --p2 human --p3 human >"$T/out" 2>&1
has "You play every player." && ok || bad "three players: the greeting"
has "Player 1 played 2: sowed 1 seed from hole 2, the last into hole 3. Player 1 took 2 seeds from hole 3." && ok || bad "three players: Player 1's capture"
has "Player 2 to move> '3' is not a legal move here: hole 3 is empty." && ok || bad "three players: Player 2 to move"
has "'1' is not a legal move here: hole 1 is Player 1's." && ok || bad "three players: a hole of Player 1"
has "Player 3 played 6: sowed 1 seed from hole 6, the last into hole 1. Player 3 took 2 seeds from hole 1." && ok || bad "three players: Player 3's move"
has 'Game over: a draw (2-2-2): the end rule `seeds(board) == 0` holds.' && ok || bad "three players: the draw"
grep -q '^ Player 3: holes 5 6; store 2$' "$T/out" && ok || bad "three players: each player's holes and store"
# a player the game does not have; a command that plays games of two
"$M" play kalah --p3 random </dev/null >"$T/out" 2>&1
[ $? -eq 1 ] && has "mancala: --p3: kalah is a game of 2 players" && ok || bad "play --p3 of a game of two"
"$M" match "$T/t3.yaml" --south random --north random --games 2 >"$T/out" 2>&1
[ $? -eq 1 ] && has 'is a game of 3 players (`players`)' && ok || bad "match of a game of three"

# A steered lap (Dongjintian (Four Players), Player 1 human, the others
# random): 1 (2 seeds) into 2 and 3 going east; 4 straight ahead is
# empty, 5 after it holds 4: Player 1 takes them. The prompt says what
# he holds and from where he steers.
printf '{"board": [2,0,0,0,4, 0,0,0,0,0, 0,0,0,0,0, 0,0,0,0,3], "stores": [0,0,0,0], "to_move": "p1"}' >"$T/dj.json"
printf '1\nto:2\nto:3\nquit\n' | "$M" play dongjintian-four-players --from "$T/dj.json" --p2 random --p3 random --p4 random \
    --seed 1 >"$T/out" 2>&1
has "Player 1 holds 2 seeds and steers the next from hole 1 (to:H)." && ok || bad "steer: the prompt"
has "Player 1 steered a seed into hole 2." && ok || bad "steer: the first seed"
has "Player 1 steered a seed into hole 3: Player 1 took 4 seeds from hole 5." && ok || bad "steer: the capture ahead"

finish
