#!/usr/bin/env python3
"""Plays the same random games in MancalaGames' engine and in `mancala`,
and compares them move by move.

MancalaGames (github.com/StoneShark/MancalaGames, Python) is another
implementation of many sowing games. It is not part of this repository:
give its checkout (the folder holding `src/` and `GameProps/`) with --mg
or the environment variable MANCALAGAMES; without it this script says so
and exits 0 (skipped).

For each built-in game whose `about.mancalagames` names a MancalaGames
game (`mancala list --json`), or the games given with --game: G random
games, the moves chosen uniformly among MancalaGames' legal moves (South,
MancalaGames' False, begins). After every move the board, the stores and
the player to move must be the same in both programs, and our legal moves
must be MancalaGames' legal moves; the game must end in both at the same
move with the same winner. A game stops at the first difference, which is
printed with the moves that led to it. Options that make our file play
MancalaGames' reading are in OPTIONS below, with the reason.

Numbering: MancalaGames' board list runs counterclockwise from South's
left, as ours; a move is a column from the mover's left (South: hole
column+1; North: hole 2N-column).

Usage: mancalagames.py --bin PATH [--mg DIR] [--games G] [--seed S] [--game NAME]...
Last line: "N agree, M disagree, K not comparable".
"""

import argparse
import json
import os
import random
import subprocess
import sys

PASS = 65535   # MancalaGames' move "pass" (its PASS_TOKEN)

# our options that play MancalaGames' reading of a game, and why
OPTIONS = {
    # MancalaGames plays single games of these (no rounds)
    "bechi": ["match=false"],
    "ba-awa": ["match=false"],
    # MancalaGames' Andada has 15 holes a row
    "andada": ["holes=15"],
    # MancalaGames' Weg eats two seeds (the file's option for that reading)
    "qelat": ["eaten=2"],
    # the files' options for MancalaGames' readings: Halusa takes only the
    # last hole; in Vai Lung Thlan a player without a move passes
    "halusa": ["chain=false"],
    "vai-lung-thlan": ["pass=true"],
}


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def ours(binary, name, opts, toks):
    """Our position after the tokens toks (a dict), or an error text."""
    r = run([binary, "replay", name] + [x for o in opts for x in ("-o", o)] + toks)
    if r.returncode:
        return r.stderr.strip()
    return json.loads(r.stdout)


def token(game, move, n):
    """MancalaGames' move as our token: a column from the mover's left; or
    (column, direction) where the mover chooses the way; or (row, column,
    direction) where holes change owner (row 1 is South's, 0 North's, the
    column counted from the left as the board is drawn)."""
    way = None
    if isinstance(move, tuple) and len(move) == 3:
        row, col, way = move
        hole = col + 1 if row == 1 else 2 * n - col
    else:
        col, way = (move[0], move[1]) if isinstance(move, tuple) else (move, None)
        hole = col + 1 if not game.turn else 2 * n - col
    if way is None:
        return str(hole)
    return "%d%s" % (hole, "cw" if int(getattr(way, "value", way)) < 0 else "ccw")


def play_one(binary, name, opts, game, rng, cap):
    """One random game; returns None if both programs agree, else why."""
    n = len(game.board) // 2
    game.turn = False
    game.starter = False
    toks = []
    for _ in range(cap):
        moves = game.get_moves()
        if moves == [PASS]:
            game.move(PASS)
            continue
        if not moves:
            if game.test_pass():
                continue
            mine = ours(binary, name, opts, toks)
            if isinstance(mine, str) or not mine["over"]:
                return "MancalaGames has no move after %s, we go on" % " ".join(toks)
            return None
        mine = ours(binary, name, opts, toks)
        if isinstance(mine, str):
            return "%s (after %s)" % (mine, " ".join(toks))
        legal = sorted(token(game, m, n) for m in moves)
        if sorted(mine["moves"]) != legal:
            return "legal moves %s, MancalaGames %s (after %s)" % (mine["moves"], legal, " ".join(toks))
        m = rng.choice(moves)
        toks.append(token(game, m, n))
        cond = game.move(m)
        mine = ours(binary, name, opts, toks)
        if isinstance(mine, str):
            return "%s (after %s)" % (mine, " ".join(toks))
        if cond is not None and cond.is_game_over():
            # the end: both over, the same winner (where the seeds left
            # go, and when, is each program's own bookkeeping)
            if not mine["over"]:
                return "MancalaGames ends the game after %s, we go on" % " ".join(toks)
            won = game.get_winner()
            theirs = "draw" if cond.is_tie() else ("north" if won else "south")
            if mine["winner"] != theirs:
                return "after %s: winner %s, MancalaGames %s (stores %s, MancalaGames %s + board %s)" % (
                    " ".join(toks), mine["winner"], theirs, mine["stores"], list(game.store), list(game.board))
            return None
        if list(game.board) != mine["board"] or list(game.store) != mine["stores"]:
            return "after %s: board %s stores %s, MancalaGames %s %s" % (
                " ".join(toks), mine["board"], mine["stores"], list(game.board), list(game.store))
        if mine["over"]:
            return "we end the game after %s, MancalaGames goes on" % " ".join(toks)
        # a forced pass is no decision here; MancalaGames lists it as a
        # move of its own (PASS) or makes it apart (test_pass)
        while True:
            nxt = game.get_moves()
            if nxt == [PASS]:
                game.move(PASS)
            elif not nxt and game.test_pass():
                continue
            else:
                break
        if (mine["to_move"] == "north") != bool(game.turn):
            return "after %s: %s to move, MancalaGames %s" % (" ".join(toks), mine["to_move"],
                                                              "north" if game.turn else "south")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--mg", default=os.environ.get("MANCALAGAMES", ""))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=300)
    ap.add_argument("--game", action="append", default=[])
    a = ap.parse_args()
    if not a.mg or not os.path.isdir(os.path.join(a.mg, "src")):
        print("mancalagames.py: skipped: no MancalaGames checkout (--mg DIR or MANCALAGAMES)")
        return 0
    sys.path.insert(0, os.path.join(a.mg, "src"))
    import man_config   # noqa: E402 (MancalaGames' own module)
    games = [json.loads(x) for x in run([a.bin, "list", "--json"]).stdout.splitlines()]
    todo = [(g["name"], g["mancalagames"]) for g in games
            if g["mancalagames"] and (not a.game or g["name"] in a.game)]
    agree = disagree = skipped = 0
    for name, mg in todo:
        path = os.path.join(a.mg, "GameProps", mg + ".txt")
        if not os.path.exists(path):
            print("NOT COMPARABLE %s: no %s" % (name, path))
            skipped += 1
            continue
        rng = random.Random(a.seed)
        bad = None
        for i in range(a.games):
            game, _ = man_config.make_game(path)
            why = play_one(a.bin, name, OPTIONS.get(name, []), game, rng, a.cap)
            if why:
                bad = "game %d: %s" % (i + 1, why)
                break
        if bad:
            disagree += 1
            print("DISAGREE %s (MancalaGames %s): %s" % (name, mg, bad))
        else:
            agree += 1
            print("AGREE %s (MancalaGames %s): %d games" % (name, mg, a.games))
    print("%d agree, %d disagree, %d not comparable" % (agree, disagree, skipped))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
