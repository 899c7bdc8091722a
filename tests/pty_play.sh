#!/bin/sh
# A whole game through a pseudo-terminal (tmux), as a person plays it:
# South is typed in, North is the computer. Along the way: a bad token,
# `?`, `hint`, `undo`, `save`, then `play --load` of the saved file, and
# the game is played to its end, then `quit` at the game-over prompt.
# Usage: tests/pty_play.sh BIN VARIANT [NORTH [PLAY-ARGS...]]; with
# PTY_OUT=FILE the screens of both sessions (the first, saved; the
# second, loaded and played to the end) are written there.
M=$(realpath "${1:-build/mancala}")
V=${2:-kalah}
NORTH=${3:-random}
shift 3 2>/dev/null || shift $#
EXTRA="$*"
S=pty$$
T=$(mktemp -d)
trap 'tmux kill-session -t $S 2>/dev/null; tmux kill-session -t keep$$ 2>/dev/null; rm -rf "$T"' EXIT
# a session that outlives the games, so that the tmux server does not exit
# (and race the next game's start) when one game's session is killed
echo "set -g history-limit 500000" >"$T/tmux.conf"
tmux -f "$T/tmux.conf" new-session -d -s keep$$ "sleep 3600"
cap() { tmux capture-pane -p -t $S -S - -E -; }
N=0   # prompts seen so far
wait_prompt() { # waits for a new prompt; fails when the game is over
    i=0
    while [ $i -lt 1200 ]; do
        c=$(cap | grep -c "to move>")
        if [ "$c" -gt "$N" ]; then N=$c; return 0; fi
        cap | grep -qE "(Game|Match) over: " && return 1
        sleep 0.05; i=$((i + 1))
    done
    echo "timeout waiting for a prompt"; cap | tail -20; exit 1
}
send() { tmux send-keys -t $S "$1" Enter; }
legal_first() { cap | grep "Legal moves:" | tail -1 | sed 's/.*Legal moves: *//' | awk '{print $1}'; }
start() {
    tmux kill-session -t $S 2>/dev/null
    N=0
    echo "set -g history-limit 500000" >"$T/tmux.conf"
    tmux -f "$T/tmux.conf" new-session -d -s $S -x 200 -y 50 "$M play $* ; echo EXITED \$?; sleep 30"
}
start "$V" --north "$NORTH" --seed 9 $EXTRA
wait_prompt || { echo "no prompt"; exit 1; }
send "nonsense"; wait_prompt
cap | grep -q "'nonsense' is not a legal move here: it names no hole" || { echo "bad token not explained"; exit 1; }
send "hint"; wait_prompt
cap | grep -q "Hint: " || { echo "no hint"; exit 1; }
send "?"; wait_prompt
send "$(legal_first)"; wait_prompt
send "?"; wait_prompt
send "$(legal_first)"; wait_prompt
send "undo"; wait_prompt
send "save $T/game.rec"; wait_prompt
grep -q "^variant: " "$T/game.rec" || { echo "not saved"; exit 1; }
[ -n "${PTY_OUT:-}" ] && cap >"$PTY_OUT"
send "quit"; sleep 0.3
start --load "$T/game.rec" --north "$NORTH"
moves=0
while wait_prompt; do
    send "?"; wait_prompt || break
    send "$(legal_first)"
    moves=$((moves + 1))
    [ $moves -gt 3000 ] && { echo "too many moves"; exit 1; }
done
sleep 0.3
cap | grep -qE "(Game|Match) over: " || { echo "game did not end"; cap | tail; exit 1; }
# the game over, play waits at its own prompt until told to quit
i=0
until cap | grep -q "^game over>"; do
    i=$((i + 1)); [ $i -gt 100 ] && { echo "no game-over prompt"; cap | tail; exit 1; }
    sleep 0.05
done
send "quit"; sleep 0.3
cap | grep -q "EXITED 0" || { echo "play did not exit 0"; cap | tail; exit 1; }
[ -n "${PTY_OUT:-}" ] && cap >>"$PTY_OUT"
echo "$V: $moves moves typed, $(cap | grep -E "(Game|Match) over: " | tail -1 | sed 's/^ *//')"
