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

Usage: mancalagames.py --bin PATH [--mg DIR] [--games G] [--seed S] [--game NAME|FILE.yaml]...
                       [--record FILE]
Where the programs are compared only up to a point: MancalaGames stops a
game as soon as a player holds a winning majority (its ClearWinner); a
game that ends here by repetition (MancalaGames has no such rule) is
compared up to that move. A relay sowing that never ends is no move in
either program (MancalaGames' disallow_endless, its lap cap raised).
Known differences are in EXPLAINED below, with which source each program
follows; a game whose first difference is one of them is EXPLAINED.

Last line: "N agree, E disagree-explained, M disagree, K not comparable";
the exit status is 1 when a difference is not explained.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import game_key, record  # noqa: E402

PASS = 65535   # MancalaGames' move "pass" (its PASS_TOKEN)

# games compared only up to a point: MancalaGames stopped at a decided
# majority, or we ended at a repetition (per game, reset for each)
STATS = {"decided": 0, "repetition": 0}

# our options that play MancalaGames' reading of a game, and why
OPTIONS = {
    # MancalaGames forbids a tuzdyk in the opponent's ninth hole (the
    # tournament rules; the file's option)
    "toguz-kumalak": ["ninth-hole-tuzdyk=false"],
    # MancalaGames' Ba-awa match ends when a player owns 10 holes
    "ba-awa": ["target=10"],
    # MancalaGames' Bay Khom is a single game; a player may sow his store
    # hole, and a player without a move ends it
    "bay-khom": ["match=false", "sow-from-store=true", "stuck-ends-round=true"],
    # MancalaGames' Andada has 15 holes a row
    "andada": ["holes=15"],
    # MancalaGames' Weg eats two seeds (the file's option for that reading)
    "qelat": ["eaten=2"],
    # the files' options for MancalaGames' readings: Halusa takes only the
    # last hole; in Vai Lung Thlan a player without a move passes
    "halusa": ["chain=false"],
    "vai-lung-thlan": ["pass=true"],
    # MancalaGames ends Kalah only when the player to move has no seeds
    "kalah": ["ends-when=mover-is-empty"],
    # the last seed of Hufesay counts for nobody there (UNCLAIMED)
    "hufesay": ["last-seed=neutral"],
    # the files' options for MancalaGames' readings (each file's readings
    # say which source each side follows)
    "adi-ii": ["target=10"],
    "ayoayo": ["one-seed-ends=false"],
    "bakuk": ["chain=backward"],
    "djenon-aboure": ["sow-origin=false", "pass=false"],
    "mbangbi": ["mancalagames-chain=true"],
    "mbothe": ["must-feed=false"],
    "modiar": ["grand-slam=illegal"],
    "nam-nam": ["target=10", "stuck-ends-round=true"],
    "nambayi": ["mancalagames-store=true"],
    "nsa-isong": ["target=10"],
    "num-num": ["target=10"],
    "uril": ["mancalagames-ouri=true"],
    "waurie": ["skip-origin=true"],
    "kara": ["capture=all"],
    "andot": ["marking=valdez"],
    "hoyito": ["rounds=true"],
    "leb-bbut-ahbochen": ["relay-six=true"],
    "lamlameta": ["mancalagames=true"],
    "endodoi": ["lone-seed-ends=true"],
    "enkeshui": ["lone-seed-ends=true"],
    "pandi": ["few-seeds-end=true"],
    "tihbat": ["first-seed=next", "capture-row=both"],
}


# Known differences: the first difference of a game, matched by a pattern
# of its message, and which program reads which source how. A game whose
# first difference matches is reported EXPLAINED, not DISAGREE.
EXPLAINED = {
    "andada": (r"^legal moves .* \(after \)$",
               "MancalaGames starts Andada from its 'clipped triple' layout (3, 3, 0 "
               "repeated), so a third of the holes are empty; docs/rules.md (from "
               "Pankhurst) fills every hole"),
    "lib-al-aqil": (r"^legal moves \['place:",
                    "MancalaGames starts from a fixed layout; the sources (Lane, Ludii's "
                    "text) have the first player distribute the seeds, as here"),
    "tap-urdy": (r"^legal moves .* \(after \)$",
                 "MancalaGames' Tap-Urdy sows from the player's own row, another game; "
                 "Ludii's text and its source have a player sow from the opponent's row, as here"),
    "bechi": (r"^after .*: board .*, MancalaGames ",
              "at a new round MancalaGames fills the loser's holes by itself; here the "
              "player chooses which (a fill: move); MancalaGames' Bechi matches with its "
              "fills are replayed in tests/external/mancalagames-bechi*.jsonl and agree"),
    "ba-awa": (r"^MancalaGames ends the game after ",
               "MancalaGames ends a round when the player to move has no move; "
               "docs/rules.md has him pass"),
    "adi-ii": (r"^(legal moves|after|we end|MancalaGames)",
               "MancalaGames' check that refuses endless sowings marks the wrong hole where holes "
               "change owner (allow[pos] for allow[idx] in NoEndlessSows): it forbids a move that "
               "ends and allows one that never does; patched, the two agree"),
    "num-num": (r"^after .*(to move|board)",
                "after a drawn round MancalaGames lets the player who did not move last begin; here "
                "(as Russ) the players alternate"),
    "lamlameta": (r"^we end the (game|match) after ",
                  "MancalaGames plays further rounds, ending when a player can fill only four holes; "
                  "the source (Pankhurst) has a single game, as here"),
    "qelat": (r"^after .*: owners ",
              "MancalaGames' Weg gives every round the two rows back; Qelat's source "
              "(Pankhurst) passes holes to the player who won them, as here"),
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


# games whose files put the seeds sown into a player's special hole (a
# tuzdyk) into his store as they fall, where MancalaGames keeps them in
# the hole (its `child`) until the end: compared with those seeds moved
SETTLE_CHILDREN = {"toguz-kumalak", "toguz-xorgol"}


def settled(game, name):
    """MancalaGames' board and stores; for the games of SETTLE_CHILDREN,
    with the seeds of its `child` holes in their owner's store."""
    gb, gs = list(game.board), list(game.store)
    if name not in SETTLE_CHILDREN:
        return gb, gs
    for i, c in enumerate(getattr(game, "child", None) or []):
        if c is not None:
            gs[int(c)] += gb[i]
            gb[i] = 0
    return gb, gs


def play_one(binary, name, key, opts, game, rng, cap):
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
                # MancalaGames stops a game as soon as a player holds
                # more than half the seeds (or a territory game's worth),
                # counting what it claims for him (its ClearWinner, which
                # leaves no end message); here the game is played out
                gb, gs = settled(game, key)
                same = gb == mine["board"] and gs == mine["stores"]
                if same and not game.mdata.end_msg:
                    STATS["decided"] += 1
                    return None
                return "MancalaGames ends the game after %s, we go on" % " ".join(toks)
            won = game.get_winner()
            theirs = "draw" if cond.is_tie() else ("north" if won else "south")
            if mine["winner"] != theirs:
                return "after %s: winner %s, MancalaGames %s (stores %s, MancalaGames %s + board %s)" % (
                    " ".join(toks), mine["winner"], theirs, mine["stores"], list(game.store), list(game.board))
            return None
        if cond is not None and cond.is_round_over():
            # a round of a match is over: MancalaGames sets up the next
            # one when asked; ours did on its own (compared below)
            game.new_game(new_round=True)
            if mine["over"]:
                return "we end the match after %s, MancalaGames plays another round" % " ".join(toks)
            if game.owner and "owners" in mine:
                theirs = ["north" if o else "south" for o in game.owner]
                if theirs != mine["owners"]:
                    return "after %s: owners %s, MancalaGames %s" % (" ".join(toks), mine["owners"], theirs)
        if mine["over"] and mine["end"] == "repetition":
            # the third occurrence of a position ends a game here (its
            # seeds are shared out); MancalaGames has no such rule
            STATS["repetition"] += 1
            return None
        gb, gs = settled(game, key)
        if gb != mine["board"] or gs != mine["stores"]:
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
    ap.add_argument("--record", metavar="FILE",
                    help="write each game's result into FILE (tests/crosscheck/results.tsv)")
    a = ap.parse_args()
    if not a.mg or not os.path.isdir(os.path.join(a.mg, "src")):
        print("mancalagames.py: skipped: no MancalaGames checkout (--mg DIR or MANCALAGAMES)")
        return 0
    sys.path.insert(0, os.path.join(a.mg, "src"))
    import man_config   # noqa: E402 (MancalaGames' own module)
    import sower        # noqa: E402
    # MancalaGames takes a sowing of more than 75 laps for an endless one;
    # here a sowing is endless only when it repeats (Hufesay has sowings
    # of 96 laps that end): its cap raised far beyond those
    sower.MAX_LAPS = 5000
    games = [json.loads(x) for x in run([a.bin, "list", "--json"]).stdout.splitlines()]
    todo = [(g["name"], g["mancalagames"]) for g in games
            if g["mancalagames"] and (not a.game or g["name"] in a.game)]
    # a variant file not built in (--game FILE.yaml): its about.mancalagames
    for path in a.game:
        if path.endswith(".yaml") and os.path.exists(path):
            with open(path) as f:
                m = re.search(r"^  mancalagames:\s*\"?([^\"\n]+?)\"?\s*$", f.read(), re.M)
            if m:
                todo.append((path, m.group(1)))
            else:
                print("NOT COMPARABLE %s: no about.mancalagames" % path)
    agree = disagree = explained = skipped = 0
    results = {}
    for name, mg in todo:
        key = game_key(name)
        path = os.path.join(a.mg, "GameProps", mg + ".txt")
        if not os.path.exists(path):
            print("NOT COMPARABLE %s: no %s" % (name, path))
            results[key] = ("not-comparable", "no such game there")
            skipped += 1
            continue
        rng = random.Random(a.seed)
        STATS["decided"] = STATS["repetition"] = 0
        bad = None
        for i in range(a.games):
            game, _ = man_config.make_game(path)
            # a relay sowing that never ends is no legal move here (as
            # docs/rules.md says); MancalaGames' own switch for that
            game.disallow_endless(True)
            why = play_one(a.bin, name, key, OPTIONS.get(key, []), game, rng, a.cap)
            if why:
                bad = "game %d: %s" % (i + 1, why)
                break
        known = EXPLAINED.get(key)
        if bad and known and re.search(known[0], bad.split(": ", 1)[1]):
            explained += 1
            print("EXPLAINED %s (MancalaGames %s): %s. First difference: %s" % (name, mg, known[1], bad))
            results[key] = ("explained", known[1])
        elif bad:
            disagree += 1
            print("DISAGREE %s (MancalaGames %s): %s" % (name, mg, bad))
            results[key] = ("disagree", bad)
        else:
            results[key] = ("agree", "%d random games%s" % (
                a.games, " with %s" % " ".join(OPTIONS[key]) if key in OPTIONS else ""))
            agree += 1
            print("AGREE %s (MancalaGames %s): %d games (%d stopped there at a decided majority, "
                  "%d ended here by repetition)" % (name, mg, a.games, STATS["decided"], STATS["repetition"]))
    if a.record:
        record(a.record, "MancalaGames", results)
    print("%d agree, %d disagree-explained, %d disagree, %d not comparable" % (agree, explained, disagree, skipped))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
