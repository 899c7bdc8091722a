#!/bin/sh
# Games played through a terminal (tmux, tests/pty_play.sh): Kalah, Oware,
# a Bechi match (two rounds at most) and a relay game (Chonka), South typed
# in, North the random player. The captured screens must show what each
# move did in words: an extra turn, a capture with its holes and seeds, a
# pass with its reason, the last move of a round described before the
# round's result, a relay's laps, the end of the game with its reason, and
# a refused entry with its reason. Usage: tests/pty_scenario.sh BIN
M=${1:-build/mancala}
D=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: no tmux (apt-get install tmux)"
    exit 0
fi
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# has FILE REGEX: the screen, its words on one line, matches
has() { tr -s ' \n' '  ' <"$1" | grep -q -- "$2"; }
game() { # game NAME VARIANT PLAY-ARGS...
    n=$1; shift
    PTY_OUT="$T/$n" sh "$D/pty_play.sh" "$M" "$@" >"$T/$n.log" 2>&1 || { bad "$n: $(tail -3 "$T/$n.log")"; return 1; }
}
game kalah kalah random && {
    has "$T/kalah" "'nonsense' is not a legal move here: it names no hole and is no command" || bad "kalah: a refusal's reason"
    has "$T/kalah" "[SN][a-z]* played [0-9]*: sowed [0-9]* seeds\{0,1\} from hole [0-9]*, the last into [SN][a-z]*'s store\. [SN][a-z]* moves again\." || bad "kalah: an extra turn"
    has "$T/kalah" "[SN][a-z]* took [0-9]* seeds\{0,1\}\(:\| from\) [0-9 a-z]*hole [0-9]*" || bad "kalah: a capture with its holes"
    has "$T/kalah" "The game is over: the end rule \`[^\`]*\` holds\. .*Game over: " || bad "kalah: the end in words"
}
game oware oware random && {
    has "$T/oware" "[SN][a-z]* took [0-9]* seeds\{0,1\}\(:\| from\) [0-9 a-z]*hole [0-9]*" || bad "oware: a capture with its holes"
    has "$T/oware" "The game is over: .*Game over: " || bad "oware: the end in words"
}
game bechi bechi random --option max-rounds=2 && {
    has "$T/bechi" "The round is over: [^.]*\. .*Round 1 is over: South holds [0-9]*, North [0-9]*\." || bad "bechi: the round's last move"
    has "$T/bechi" "cannot move (\(his holes are empty\|no move of his is allowed\)) and passes\." || bad "bechi: a pass and its reason"
    has "$T/bechi" "Match over: " || bad "bechi: the match's end"
}
game chonka chonka random && {
    has "$T/chonka" "sowed [0-9]* seeds\{0,1\} from hole [0-9]* and went on for [0-9]* more laps\{0,1\} (the last from " || bad "chonka: the laps of a relay"
}
# --animate: Kalah's 3 shown seed by seed (four frames, drawn in place and
# erased), then the board after it drawn once, and the move told
S=anim$$
tmux new-session -d -s $S -x 120 -y 50 "$M play kalah --north random --seed 1 --animate; sleep 30"
i=0
until tmux capture-pane -p -t $S | grep -q "South to move>"; do
    i=$((i + 1)); [ $i -gt 100 ] && break; sleep 0.05
done
tmux send-keys -t $S "3" Enter
i=0
until [ "$(tmux capture-pane -p -t $S | grep -c "South to move>")" -ge 2 ]; do
    i=$((i + 1)); [ $i -gt 200 ] && break; sleep 0.05
done
tmux capture-pane -p -t $S -S - -E - >"$T/anim"
tmux kill-session -t $S 2>/dev/null
has "$T/anim" "South played 3: sowed 4 seeds from hole 3, the last into South's store. South moves again." \
    || bad "--animate: the move told"
[ "$(grep -c '^ South  ' "$T/anim")" = 2 ] || bad "--animate: the frames were not erased ($(grep -c '^ South  ' "$T/anim") boards)"
[ "$fail" = 0 ] && echo "4 games and an animation through tmux: every check holds"
[ "$fail" = 0 ]
