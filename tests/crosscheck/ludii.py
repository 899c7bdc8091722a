#!/usr/bin/env python3
"""Plays the same random games in Ludii and in `mancala`, and compares them
move by move; also times Ludii's random playouts against ours.

Ludii (ludii.games, the general game system) is not part of this
repository. tools/ludii/build.sh compiles it from a source snapshot with
javac, and our driver tools/ludii/LudiiDriver.java with it, into
$LUDII_BUILD (default /tmp/ludii-build). Without that build this script
says so and exits 0 (skipped).

For each game whose `about.ludii` names a Ludii game (`mancala list
--json`, and the files variants/*.yaml), or the games given with --game
(a built-in name or a variant file): G random games. At each decision both
programs list their legal moves; Ludii's are mapped to our tokens and
should be the same set (a difference is counted, and the game goes on with
the moves both have); one common move is chosen at random (seeded) and
played in both. After it the board (every hole), the captured seeds of each
player, the player to move, the end and the winner must agree. A game
stops at the first difference, printed with the position before it, the
move and both results.

Mapping. The driver prints Ludii's board sites with their coordinates.
On Ludii's mancalaBoard R x C, a site at (x, y) with whole x in 0..C-1 and
y in 0..R-1 is the hole in row y+1 (from South's edge, Ludii's P1 side)
and column x+1 (from South's left); its number follows
docs/variant-format.md "The board" (two rows: 1..N along South's row,
N+1..2N back along North's). Other sites are stores; a Ludii `map` from
the players to the store sites tells whose. A player's captured seeds in
Ludii are his store, plus his hand sites (Ludii keeps captures in hands
in games without stores); in a game with neither, his score. Ludii's
player 1 is South. A Ludii move selecting a site is the token of its hole;
where our move has a direction, it is read from the track that the move's
sowing names (its direction in our numbering: `cw` or `ccw`). Moves of
the cycle vote (Propose, Vote) are not mapped.

Turns. Ludii plays a relay lap, or an extra sowing within one turn, as a
move of its own (`moveAgain`), and a player without a move passes with a
move. After our move, Ludii's forced moves are played until a decision is
due in both: a pass when it is Ludii's only move, and a move of the same
player when it is his only one and our turn has passed on (or the boards
still differ). Those are counted and shown.

Per game: `OPTIONS` gives our options (the file's reading nearest to
Ludii's code; a game with a `ludii-code` option is played with it), `LUDII`
Ludii's ruleset or options; both with the reason.

Usage:
  ludii.py --bin PATH [--build DIR] [--games G] [--seed S] [--cap PLIES]
           [--game NAME]... [--bench SECONDS] [--warmup SECONDS]
Known differences, diagnosed in Ludii's code, are in EXPLAINED (the kind
of the first difference and the reason); such a game is EXPLAINED.
--record FILE writes each game's result into FILE (results.tsv).
Last line: "N agree, E disagree-explained, M disagree, K not comparable". With --bench: for each
game the playouts/s and moves/s of Ludii (its own random playouts, after a
warm-up, as Ludii's Referee.timeRandomPlayouts) and of ours (`mancala
bench VARIANT --seconds S`), as a table.
"""

import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import game_key, record  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# our options that play Ludii's reading of a game, and why
OPTIONS = {
    # Ludii plays one game of these (no rounds, or a round then the next
    # set-up as moves of its own); compare the first
    "bechi": ["match=false"],
    "bechi-2x3": ["match=false"],
    # Ludii's code: a four made in either row, fours behind on both sides
    "kay": ["capture-anywhere=true"],
    # Ludii's Tap Urdy sows clockwise
    "tap-urdy": ["direction=cw", "lap-end=true", "leftover=owners"],
    # Ludii's Intotoi code
    "intotoi": ["ludii-code=true"],
    "bao": ["ludii-start=true"],
    # Ludii's Nchayo is played on 4x5 by default (its ruleset's first size)
    "nchayo": ["holes=5"],
    # Ludii's code has no opening sowings
    "selus": ["openings=0"],
    # Ludii's code: the run of captures stops at the origin; each player
    # takes the seeds left in his row
    "halusa": ["origin-ends-chain=true", "remaining=owners"],
    # Ludii's code eats two seeds, only from a hole that held seeds
    "qelat": ["eaten=2", "eat-needs-seeds=true"],
    # Ludii's Kalah ends only when the player to move has no move
    "kalah": ["ends-when=mover-is-empty"],
    # Ludii refuses a move that leaves the opponent no seed (`ifAfterwards`)
    "oware": ["grand-slam=illegal"],
    "awari": ["ludii-code=true"],
    "hus-nama": ["ludii-code=true"],
    "jodu": ["ludii-code=true"],
    "tsoro-baia": ["ludii-code=true"],
    # Ludii's Hawalis: capture only into an empty hole; a single seed may
    # go into an occupied hole
    "hawalis": ["capture-needs-empty=true", "single-into-occupied=true"],
}

# Known differences, diagnosed in Ludii's code: the kind of the first
# difference (its first words: "board", "end", "legal moves", ...) and the
# reason, with the program that follows the sources. A game whose first
# difference is of that kind is reported EXPLAINED, not DISAGREE.
EXPLAINED = {
    "oware": (r"^board", "Ludii's Sow leaves the landing hole at the origin when a lap's last seed "
              "is the one that passes over it (a 12-seed lap on 2x6), so that sowing captures "
              "nothing; the rules (and ours) capture where the seed lands"),
    "kay": (r"^board", "the same slip in Ludii's Sow (a lap whose last seed passes over its "
            "origin ends at the origin) stops Ludii's relays early"),
    "toguz-kumalak": (r"^board", "Ludii never empties a tuzdyk on its site 0 (our hole 1): its test "
                      "is that the tuzdyk's site is above 0; the rules take every seed sown into "
                      "any tuzdyk"),
    "katro": (r"^board", "Ludii's North tracks are South's shifted by two rows, not turned round, so "
              "North's laps cross between rows elsewhere; the source (and ours) mirrors the players"),
    "hufesay": (r"^(board|end|over|winner|legal)", "Ludii allows relays that never end and ends a round as soon as "
                "a row is empty; docs/rules.md (Pankhurst) refuses endless sowings and passes"),
    "bechi": (r"^board", "Ludii does not capture in the hole the move was sown from; the rules do"),
    "bechi-2x3": (r"^board", "Ludii does not capture in the hole the move was sown from; the rules do"),
    "andada": (r"^(board|end|over|winner)", "at the end with singletons Ludii takes the sown seed, docs/rules.md "
               "(Pankhurst) the opposite one"),
    "kanji-guti": (r"^(end|over|winner)", "with no move left Ludii has both players pass and scores a draw; the "
                   "rules end the game and count the seeds"),
    "jodu": (r"^(end|over|winner)", "Ludii's code ends the game at a pass; its rules text (and ours) plays on"),
}

# Ludii's ruleset (--ruleset) or options (--option Cat/Item) for our game
LUDII = {
    # Ludii's Oware: its default ruleset (Wari) ends only when the mover
    # cannot move (or on an agreed cycle); ours at 25 seeds taken
    "oware": ["--option", "Play Rules/No limit by hole", "--option", "End Rules/25 Counters"],
    "bechi-2x3": ["--ruleset", "Ruleset/Three Holes (Observed)"],
}


class Ludii:
    """One driver process (LudiiDriver) for one game."""

    def __init__(self, classpath, lud, extra):
        self.p = subprocess.Popen(["java", "-Xss8m", "-cp", classpath, "LudiiDriver", lud] + extra,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        first = self.p.stdout.readline()
        if not first:
            raise RuntimeError("Ludii cannot load %s: %s" % (lud, self.p.stderr.read()[-2000:]))
        self.layout = self.ask("layout")

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("Ludii driver died: %s" % self.p.stderr.read()[-2000:])
        r = json.loads(line)
        if "error" in r:
            raise RuntimeError("Ludii: %s (%s)" % (r["error"], cmd))
        return r

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


class Board:
    """Ludii's sites as our holes and stores."""

    def __init__(self, layout, holes):
        self.hole_of = {}
        self.stores = []
        rows, cols = layout.get("rows"), layout.get("columns")
        sites = layout["sites"]
        grid = [(i, x, y) for i, x, y in sites if float(x).is_integer() and float(y).is_integer()]
        if rows and cols:
            grid = [(i, x, y) for i, x, y in grid if 0 <= x < cols and 0 <= y < rows]
            xs, ys = list(range(cols)), list(range(rows))
        else:
            # another board (Toguz Kumalak's): rows and columns are the
            # distinct whole coordinates, in order; other sites are stores
            ys = sorted({y for _, x, y in grid})
            xs = sorted({x for _, x, y in grid})
            rows, cols = len(ys), len(xs)
        self.rows, self.cols = rows, cols
        if rows * cols != holes or len(grid) != holes:
            raise ValueError("Ludii's board is %dx%d, ours has %d holes" % (rows, cols, holes))
        south_rows = (rows + 1) // 2
        n = cols
        on_grid = set()
        for i, x, y in grid:
            r, c = ys.index(y) + 1, xs.index(x) + 1
            if r <= south_rows:
                h = (r - 1) * n + c if r % 2 else (r - 1) * n + n + 1 - c
            else:
                k, d = rows + 1 - r, n + 1 - c
                h = (south_rows + k - 1) * n + d if k % 2 else (south_rows + k - 1) * n + n + 1 - d
            self.hole_of[i] = h
            on_grid.add(i)
        self.stores = [i for i, _, _ in sites if i not in on_grid]
        self.site_of = {h: i for i, h in self.hole_of.items()}
        # whose store: a map from the players (1, 2) to store sites
        self.store_owner = {}
        for m in layout["maps"]:
            pairs = {k: v for k, v in m["pairs"]}
            if set(pairs) >= {1, 2} and pairs[1] in self.stores and pairs[2] in self.stores and pairs[1] != pairs[2]:
                self.store_owner = {pairs[1]: 1, pairs[2]: 2}
                break
        self.hands = {s: o for s, o in layout["hands"]}
        self.uses_score = layout.get("uses_score", True)
        self.holes = holes
        # direction of each track in our numbering
        self.track_dir = {}
        for t in layout["tracks"]:
            ccw = cw = 0
            el = t["sites"]
            for a, b in zip(el, el[1:]):
                if a in self.hole_of and b in self.hole_of:
                    ha, hb = self.hole_of[a], self.hole_of[b]
                    if hb == self.succ(ha):
                        ccw += 1
                    elif ha == self.succ(hb):
                        cw += 1
            self.track_dir[t["name"]] = "ccw" if ccw > cw else "cw" if cw > ccw else None

    def succ(self, h):
        """The next hole counterclockwise in our numbering (along the
        whole board up to 3 rows, round each side from 4 rows)."""
        if self.rows <= 3:
            return h % self.holes + 1
        half = self.holes // 2
        base = 0 if h <= half else half
        return base + (h - base) % half + 1

    def board(self, st):
        return [st["counts"][self.site_of[h]] for h in range(1, self.holes + 1)]

    def captured(self, st):
        """Each player's captured seeds [P1, P2] in Ludii, and how counted."""
        cap = [0, 0]
        how = []
        owned = [s for s in self.stores if s in self.store_owner]
        for s in owned:
            cap[self.store_owner[s] - 1] += st["counts"][s]
        if owned:
            how.append("stores")
        hand_sites = list(self.hands)
        for k, s in enumerate(hand_sites):
            o = self.hands[s]
            if o in (1, 2):
                cap[o - 1] += st["hands"][k]
        if hand_sites:
            how.append("hands")
        if not how and self.uses_score:
            cap = list(st["scores"][:2])
            how.append("scores")
        if not how:
            # Ludii removes captured seeds from the game (Tsoro's): not
            # compared
            return None, "removed"
        return cap, "+".join(how)

    def token(self, mv, our_moves, phase="play"):
        """Ludii's move as our token (None: not mapped)."""
        if mv["pass"] or mv["type"] in ("Propose", "Vote"):
            return None
        frm, to = mv["from"], mv["to"]
        if frm in self.hole_of:
            h = self.hole_of[frm]
            if phase in ("mark", "pick") and (to == frm or to not in self.hole_of):
                return "%s:%d" % ("mark" if phase == "mark" else "take", h)
            if to in self.hole_of and to != frm and mv["type"] != "Select":
                return "%d>%d" % (h, self.hole_of[to])
            # the move's own sowing is the first found (a capture may sow
            # again, on another track: Mweso's)
            names = [t for t in mv["tracks"] if t]
            way = self.track_dir.get(self.track_name(names[0])) if names else None
            if ("%dcw" % h) in our_moves or ("%dccw" % h) in our_moves:
                if way:
                    return "%d%s" % (h, way)
            return str(h)
        if frm in self.hands and to in self.hole_of:
            return "place:%d" % self.hole_of[to]
        return "?%s:%s>%s" % (mv["type"], frm, to)

    def track_name(self, name):
        if name in self.track_dir:
            return name
        for t in self.track_dir:
            if name in t:
                return t
        return name


class Ours:
    """Our program: the position after a list of tokens."""

    def __init__(self, binary, variant, opts):
        self.binary, self.variant, self.opts = binary, variant, opts
        self.tmp = tempfile.mkdtemp(prefix="ludii-x-")

    def replay(self, toks, chunk=200):
        args = [x for o in self.opts for x in ("-o", o)]
        start = None
        done = 0
        while len(toks) - done > chunk:
            pos = self._run(args, toks[done:done + chunk], start)
            if isinstance(pos, str):
                return pos
            start = os.path.join(self.tmp, "p%d.json" % (done + chunk))
            with open(start, "w") as f:
                json.dump(pos, f)
            done += chunk
        return self._run(args, toks[done:], start)

    def _run(self, args, toks, start):
        cmd = [self.binary, "replay", self.variant] + args
        if start:
            cmd += ["--from", start]
        r = subprocess.run(cmd + toks, capture_output=True, text=True)
        if r.returncode:
            return r.stderr.strip() or "exit %d" % r.returncode
        return json.loads(r.stdout)


def show_ludii(board, st):
    cap, how = board.captured(st)
    return "board %s captured %s (%s) mover %s over %s winner %s" % (
        board.board(st), cap, how, "south" if st["mover"] == 1 else "north", st["over"], st["winner"])


def show_ours(pos):
    return "board %s stores %s%s%s to_move %s phase %s over %s winner %s end %s" % (
        pos["board"], pos["stores"], " reserve %s" % pos["reserve"] if "reserve" in pos else "",
        " removed %d" % pos["removed"] if pos.get("removed") else "",
        pos["to_move"], pos["phase"], pos["over"], pos["winner"], pos["end"])


def ours_off_board(pos, how):
    """Our seeds off the board, as Ludii counts them: the stores, and the
    reserve still to place where Ludii keeps it in the hands."""
    off = list(pos["stores"])
    if "hands" in how and "reserve" in pos:
        off = [a + b for a, b in zip(off, pos["reserve"])]
    return off


def differ(board, pos, st):
    """Why our position pos and Ludii's state st differ, or None."""
    if pos["over"] or st["over"]:
        if pos["over"] != st["over"]:
            return "over: ours %s, Ludii %s" % (pos["over"], st["over"])
        w = {1: "south", 2: "north", 0: "draw"}.get(st["winner"], "?%s" % st["winner"])
        if pos["winner"] != w:
            return "winner: ours %s, Ludii %s" % (pos["winner"], w)
        return None
    if board.board(st) != pos["board"]:
        return "board"
    cap, how = board.captured(st)
    off = ours_off_board(pos, how)
    if pos.get("removed"):
        # ours takes seeds out of the game (Andada's captures): compare the
        # total only
        if cap is not None and sum(cap) != sum(off) + pos["removed"]:
            return "captured seeds"
    elif cap is not None and cap != off:
        return "captured seeds"
    if (pos["to_move"] == "south") != (st["mover"] == 1):
        return "player to move"
    return None


def sync(lu, board, pos, prev_mover, log, stop_at=None, relay_stop=False):
    """Plays Ludii's forced moves (see Turns above); returns its state.
    In a game with relay stops (our tokens `5/1`: stop at the first
    chance), Ludii offers a pass beside the next lap at each chance: the
    stop_at-th is taken (None: the relay goes on)."""
    chance = 0
    for _ in range(100000):
        st = lu.ask("state")
        if st["over"] or not st["moves"]:
            return st
        if all(m["pass"] for m in st["moves"]):
            lu.ask("apply 0")
            log.append("pass")
            continue
        ms = st["moves"]
        if (relay_stop and st["mover"] == prev_mover and len(ms) == 2
                and sum(m["pass"] for m in ms) == 1):
            chance += 1
            k = [i for i, m in enumerate(ms) if m["pass"] == (chance == stop_at)][0]
            lu.ask("apply %d" % k)
            log.append("stop" if chance == stop_at else "again:%s" % board.token(ms[k], []))
            continue
        if (st["mover"] == prev_mover and len(ms) == 1 and not isinstance(pos, str)
                and (pos["over"] or (pos["to_move"] == "south") != (prev_mover == 1)
                     or differ(board, pos, st))):
            lu.ask("apply 0")
            log.append("again:%s" % board.token(ms[0], []))
            continue
        return st
    return st


def play_one(lu, ours, board, rng, cap, stats):
    """One random game; None if both agree, else why (several lines)."""
    lu.ask("restart")
    toks = []
    pos = ours.replay(toks)
    if isinstance(pos, str):
        return "ours: %s" % pos
    # a game with relay stops (tokens `5/1`), once seen
    board.relay_stop = getattr(board, "relay_stop", False) or any("/" in t for t in pos["moves"])
    st = sync(lu, board, pos, 0, [], None, board.relay_stop)
    before = None
    for ply in range(cap):
        why = differ(board, pos, st)
        if why and pos["over"] and pos["end"] in ("repetition", "max-plies") and not st["over"]:
            # our rule for a recurring position (Ludii has none): not
            # compared further
            stats["repetition"] += 1
            stats["moves"] += len(toks)
            return None
        if why:
            return "%s after %s\n    before: %s\n    move:   %s (Ludii also played %s)\n    ours:   %s\n    Ludii:  %s" % (
                why, " ".join(toks) or "the start", before[0] if before else "-",
                toks[-1] if toks else "-", before[1] if before else [], show_ours(pos), show_ludii(board, st))
        if pos["over"]:
            stats["moves"] += len(toks)
            return None
        if pos["phase"] == "first":
            # Ludii has no choice of the first player: ours takes Ludii's
            tok = "first:" + ("south" if st["mover"] == 1 else "north")
            if tok not in pos["moves"]:
                return "choice of the first player after %s: ours %s, Ludii's mover %s" % (
                    " ".join(toks), pos["moves"], tok)
            toks.append(tok)
            pos = ours.replay(toks)
            if isinstance(pos, str):
                return "ours: %s (after %s)" % (pos, " ".join(toks))
            continue
        mapped = {}
        for k, m in enumerate(st["moves"]):
            t = board.token(m, pos["moves"], pos["phase"])
            if t is not None:
                mapped.setdefault(t, k)
        plain = [t for t in pos["moves"] if "/" not in t]
        if set(mapped) != set(plain):
            # noted (the first one shown), and the game goes on with the
            # moves both have
            why = "legal moves after %s: ours %s, Ludii %s\n    position: %s" % (
                " ".join(toks) or "the start", pos["moves"], sorted(mapped, key=_order), show_ours(pos))
            if not set(mapped) & set(plain):
                return why
            stats["legal"] += 1
            stats.setdefault("legal_first", why)
            only_ludii = sorted(set(mapped) - set(plain), key=_order)
            only_ours = sorted(set(plain) - set(mapped), key=_order)
            stats.setdefault("legal_kinds", set()).add(
                ("Ludii only" if only_ludii else "") + (" ours only" if only_ours else ""))
            mapped = {t: k for t, k in mapped.items() if t in plain}
        choices = sorted(set(mapped) | {t for t in pos["moves"] if t.split("/")[0] in mapped}, key=_order)
        tok = rng.choice(choices)
        base, _, stop = tok.partition("/")
        board.relay_stop = board.relay_stop or any("/" in t for t in pos["moves"])
        prev = st["mover"]
        before_txt = "ours %s | Ludii %s" % (show_ours(pos), show_ludii(board, st))
        round_before = pos["round"]
        toks.append(tok)
        pos = ours.replay(toks)
        if isinstance(pos, str):
            return "ours: %s (after %s)" % (pos, " ".join(toks))
        lu.ask("apply %d" % mapped[base])
        log = []
        st = sync(lu, board, pos, prev, log, int(stop) if stop else None, board.relay_stop)
        stats["forced"] += len(log)
        before = (before_txt, log)
        if pos["round"] != round_before:
            # a round ended: ours has set up the next one; not compared
            # further (Ludii's set-up of a round is made of moves)
            stats["rounds"] += 1
            stats["moves"] += len(toks)
            return None
    stats["moves"] += len(toks)
    stats["capped"] += 1
    return None


def _order(t):
    m = re.match(r"(\d+)", t)
    return (int(m.group(1)) if m else 10**6, t)


def ludii_title(path):
    """The file's `about.ludii`, or None."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    inside = False
    for line in lines:
        if re.match(r"^about:\s*$", line):
            inside = True
        elif inside and line[:1] not in ("", " ", "#"):
            return None
        elif inside:
            m = re.match(r"^  ludii:\s*(.+?)\s*$", line)
            if m:
                t = m.group(1)
                if t[:1] in "\"'" and t[-1:] == t[:1]:
                    t = t[1:-1]
                return t
    return None


# the built-in games that have a `ludii-code` option (games_to_run)
HAS_LUDII_CODE = set()


def our_options(name):
    """Our options for a game: OPTIONS, or else the file's `ludii-code`
    option, by its definition the reading of Ludii's code."""
    if name in OPTIONS:
        return OPTIONS[name]
    return ["ludii-code=true"] if name in HAS_LUDII_CODE else []


def games_to_run(binary, wanted):
    """[(our name, what to pass to `replay`, Ludii title)]."""
    built = {}
    for line in subprocess.run([binary, "list", "--json"], capture_output=True, text=True).stdout.splitlines():
        g = json.loads(line)
        built[g["name"]] = g.get("ludii")
        if "ludii-code" in g.get("options", []):
            HAS_LUDII_CODE.add(g["name"])
    out = []
    seen = set()
    for name, title in built.items():
        if title:
            out.append((name, name, title))
            seen.add(name)
    for f in sorted(glob.glob(os.path.join(ROOT, "variants", "*.yaml"))):
        name = os.path.basename(f)[:-5]
        if name in seen:
            continue
        title = ludii_title(f)
        if title:
            out.append((name, f, title))
    if wanted:
        res = []
        for w in wanted:
            hit = [g for g in out if g[0] == w or g[1] == w]
            if hit:
                res.append(hit[0])
            elif os.path.exists(w):
                res.append((os.path.basename(w).rsplit(".", 1)[0], w, ludii_title(w)))
            else:
                res.append((w, w, built.get(w)))
        out = res
    return out


def find_lud(build, title):
    root = os.path.join(build, "src", "Common", "res")
    needle = '(game "%s"' % title
    for f in sorted(glob.glob(os.path.join(root, "lud", "**", "*.lud"), recursive=True)):
        if "/wip/" in f or "/test/" in f or "/reconstruction/" in f:
            continue
        try:
            with open(f, encoding="utf-8", errors="replace") as fh:
                if needle in fh.read():
                    return f[len(root):]
        except OSError:
            pass
    return None


def our_bench(binary, variant, opts, secs):
    """`mancala bench`'s lines (key: value), and games and plies per
    second of CPU time (the machine may be shared)."""
    import resource
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([binary, "bench", variant] + [x for o in opts for x in ("-o", o)] + ["--seconds", str(secs)],
                       capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    d = {}
    for line in r.stdout.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            d[k.strip()] = v.strip()
    d["cpu"] = cpu
    if "games" in d and cpu > 0:
        d["games/cpu-s"] = float(d["games"]) / cpu
        d["plies/cpu-s"] = float(d["games"]) * float(d.get("plies/game", "nan")) / cpu
    return d


def notes(stats, cap):
    return "; ".join("%d %s" % (stats[k], what) for k, what in (
        ("repetition", "ended by our repetition rule, Ludii playing on (not compared further)"),
        ("rounds", "stopped at the end of the first round"),
        ("capped", "capped at %d decisions" % cap)) if stats[k]) or "each game to its end or first difference"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--build", default=os.environ.get("LUDII_BUILD", "/tmp/ludii-build"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=1000)
    ap.add_argument("--game", action="append", default=[])
    ap.add_argument("--option", action="append", default=[], help="our option K=V for every game (added)")
    ap.add_argument("--ludii-option", action="append", default=[], help="Ludii option Cat/Item for every game")
    ap.add_argument("--ludii-ruleset", default=None)
    ap.add_argument("--default-options", action="store_true", help="ignore OPTIONS and LUDII")
    ap.add_argument("--keep-going", action="store_true",
                    help="play every game and count the kinds of differences (the first one shown)")
    ap.add_argument("--record", metavar="FILE",
                    help="write each game's result into FILE (tests/crosscheck/results.tsv)")
    ap.add_argument("--bench", type=float, default=0)
    ap.add_argument("--warmup", type=float, default=10)
    a = ap.parse_args()
    cpfile = os.path.join(a.build, "classpath")
    if not os.path.exists(cpfile):
        print("ludii.py: skipped: no Ludii build in %s (run tools/ludii/build.sh; --build DIR or LUDII_BUILD)" % a.build)
        return 0
    with open(cpfile) as f:
        classpath = f.read().strip()
    todo = games_to_run(a.bin, a.game)
    agree = disagree = explained = skipped = 0
    results = {}
    bench_rows = []
    for name, variant, title in todo:
        lud = find_lud(a.build, title) if title else None
        key = game_key(name)
        if not lud:
            print("NOT COMPARABLE %s: no Ludii game %r" % (name, title))
            results[key] = ("not-comparable", "no Ludii game %r" % title)
            skipped += 1
            continue
        opts = ([] if a.default_options else our_options(name)) + a.option
        extra = [] if a.default_options else list(LUDII.get(name, []))
        extra += [x for o in a.ludii_option for x in ("--option", o)]
        if a.ludii_ruleset:
            extra += ["--ruleset", a.ludii_ruleset]
        ours = Ours(a.bin, variant, opts)
        start = ours.replay([])
        if isinstance(start, str):
            print("NOT COMPARABLE %s: ours: %s" % (name, start))
            results[key] = ("not-comparable", start)
            skipped += 1
            continue
        try:
            lu = Ludii(classpath, lud, extra)
        except Exception as e:
            why = str(e).strip().splitlines()[0] if str(e).strip() else str(e)
            print("NOT COMPARABLE %s: %s" % (name, why))
            results[key] = ("not-comparable", "Ludii: " + why)
            skipped += 1
            continue
        label = "%s%s (Ludii %s%s)" % (name, "".join(" -o " + o for o in opts), lud, " " + " ".join(extra) if extra else "")
        if a.bench:
            b = lu.ask("bench %g %g" % (a.bench, a.warmup))
            lu.close()
            o = our_bench(a.bin, variant, opts, a.bench)
            bench_rows.append((name, lud, b, o))
            print("BENCH %s: Ludii %.1f playouts/s %.0f moves/s (%.1f/%.0f per CPU s); ours %s games/s %s plies/s "
                  "(%.0f/%.0f per CPU s)" % (
                      name, b["playouts_per_s"], b["real_moves_per_s"], b["playouts_per_cpu_s"],
                      b["real_moves_per_cpu_s"], o.get("games/s"), o.get("plies/s"), o.get("games/cpu-s", 0),
                      o.get("plies/cpu-s", 0)), flush=True)
            continue
        try:
            board = Board(lu.layout, len(start["board"]))
        except ValueError as e:
            print("NOT COMPARABLE %s: %s" % (label, e))
            results[key] = ("not-comparable", str(e))
            skipped += 1
            lu.close()
            continue
        rng = random.Random(a.seed)
        stats = {"moves": 0, "forced": 0, "capped": 0, "repetition": 0, "rounds": 0, "legal": 0}
        bad = None
        kinds = {}
        for i in range(a.games):
            try:
                why = play_one(lu, ours, board, rng, a.cap, stats)
            except RuntimeError as e:
                why = str(e)
            if why:
                bad = bad or "game %d: %s" % (i + 1, why)
                kind = re.sub(r" after .*| \(.*", "", why.splitlines()[0])
                kinds[kind] = kinds.get(kind, 0) + 1
                if not a.keep_going:
                    break
        lu.close()
        if stats["legal"]:
            kinds["legal moves differ (%s), the game went on with the common ones: %d decisions" % (
                ", ".join(sorted(k.strip() for k in stats["legal_kinds"])), stats["legal"])] = 1
            if not bad:
                bad = stats["legal_first"]
        known = EXPLAINED.get(key)
        first = bad.split(": ", 1)[1] if bad and ": " in bad else (bad or "")
        if bad and known and re.search(known[0], first):
            explained += 1
            print("EXPLAINED %s: %s. First difference: %s" % (label, known[1], bad.splitlines()[0]), flush=True)
            results[key] = ("explained", known[1])
        elif bad:
            disagree += 1
            results[key] = ("disagree", bad.splitlines()[0])
            tally = ", ".join("%s: %d" % kv for kv in sorted(kinds.items()))
            print("DISAGREE %s: %s%s (%s)\n  %s" % (label, tally, " of %d games" % a.games if a.keep_going else "",
                                                    notes(stats, a.cap), bad), flush=True)
        else:
            agree += 1
            results[key] = ("agree", "%d random games%s" % (a.games, "".join(" -o " + o for o in opts)))
            print("AGREE %s: %d games, %d moves (%d forced Ludii moves: relay laps, passes; %s)" % (
                label, a.games, stats["moves"], stats["forced"], notes(stats, a.cap)), flush=True)
    if a.bench:
        print()
        print("Per second of CPU time (each program's process; Ludii: after %gs of warm-up), %gs each:" % (
            a.warmup, a.bench))
        print()
        print("| game | Ludii playouts/s | ours games/s | ratio | Ludii moves/s | ours plies/s | Ludii moves/playout |"
              " ours plies/game |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, lud, b, o in bench_rows:
            g = o.get("games/cpu-s", float("nan"))
            lp = b["playouts_per_cpu_s"]
            print("| %s | %.1f | %.0f | %.0f | %.0f | %.0f | %.1f | %s |" % (
                name, lp, g, g / lp if lp else float("nan"), b["real_moves_per_cpu_s"], o.get("plies/cpu-s", 0),
                b["real_moves"] / b["playouts"] if b["playouts"] else 0, o.get("plies/game")))
        return 0
    if a.record:
        record(a.record, "Ludii", results)
    print("%d agree, %d disagree-explained, %d disagree, %d not comparable" % (agree, explained, disagree, skipped))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
