#!/usr/bin/env python3
"""Independent reference implementation of Tsoro (Additional Capture).

Standard library only.  Board is a tuple of 4W ints; board[h-1] is hole h.

Geometry (W = width):
  South: holes 1..W    = rank 1 (outer), column = h          (left to right)
         holes W+1..2W = rank 2 (inner), column = 2W+1-h     (right to left)
  North: holes 2W+1..3W = rank 4 (outer), column = 3W+1-h    (right to left)
         holes 3W+1..4W = rank 3 (inner), column = h-3W      (left to right)
Each player sows round his own 2W holes in increasing number order, looping.

CLI:
  tsoro.py perft DEPTH [--width W] [--extra E] [--pos "c1,...,c4W;south|north"]
  tsoro.py random N SEED [--width W] [--extra E]
  tsoro.py moves [--width W] [--extra E] [--pos ...] [--expand]
"""
import argparse
import random
import sys
from itertools import combinations
from math import factorial

SOUTH, NORTH = 0, 1
NAMES = ("south", "north")

# After this many laps of one sowing, start remembering states to detect an
# endless relay.  Starting the bookkeeping late does not change the answer:
# a sowing that never ends is eventually periodic, so a repeat is still seen.
TRACK_AFTER = 64


class Tsoro:
    def __init__(self, width=8, extra=3):
        if not 6 <= width <= 21:
            raise ValueError("width must be 6..21")
        if extra not in (1, 2, 3):
            raise ValueError("extra must be 1, 2 or 3")
        self.W = width
        self.E = extra
        self.N = 2 * width          # holes per player
        self.endless = 0            # endless sowings met (and excluded)

    # ------------------------------------------------------------ geometry
    def owner(self, h):
        return SOUTH if 1 <= h <= self.N else NORTH

    def rank(self, h):
        W = self.W
        if h <= W:
            return 1
        if h <= 2 * W:
            return 2
        if h <= 3 * W:
            return 4
        return 3

    def column(self, h):
        W = self.W
        r = self.rank(h)
        if r == 1:
            return h
        if r == 2:
            return 2 * W + 1 - h
        if r == 4:
            return 3 * W + 1 - h
        return h - 3 * W

    def hole_at(self, rank, col):
        W = self.W
        return {1: col, 2: 2 * W + 1 - col, 4: 3 * W + 1 - col, 3: 3 * W + col}[rank]

    def is_inner(self, h):
        return self.rank(h) in (2, 3)

    def next_hole(self, h):
        """Next hole on the owner's track."""
        N = self.N
        if h <= N:
            return h % N + 1
        return N + (h - N) % N + 1

    def holes_of(self, side):
        return range(1, self.N + 1) if side == SOUTH else range(self.N + 1, 2 * self.N + 1)

    def start(self):
        W = self.W
        b = [0] * (4 * W)
        for h in range(1, W + 1):
            b[h - 1] = 2
        for h in range(2 * W + 1, 3 * W + 1):
            b[h - 1] = 2
        return tuple(b)

    def seeds(self, board, side):
        off = 0 if side == SOUTH else self.N
        return sum(board[off:off + self.N])

    # ------------------------------------------------------------ sowing
    def _sow_track(self, cells, p):
        """Sow from track position p (0-based) on `cells` (list, mutated).
        Returns the final position, or None if the relay never ends."""
        n = len(cells)
        laps = 0
        seen = None
        while True:
            if laps >= TRACK_AFTER:
                if seen is None:
                    seen = set()
                key = (tuple(cells), p)
                if key in seen:
                    return None
                seen.add(key)
            laps += 1
            s = cells[p]
            cells[p] = 0
            q, r = divmod(s, n)
            if q:
                for i in range(n):
                    cells[i] += q
            for i in range(1, r + 1):
                cells[(p + i) % n] += 1
            last = (p + s) % n
            if cells[last] == 1:        # it was empty before the last seed
                return last
            p = last                    # occupied: relay

    def candidates(self, board, side):
        """Holes allowed by step 1 (before excluding endless sowings)."""
        hs = [h for h in self.holes_of(side) if board[h - 1] >= 2]
        if hs:
            return hs
        return [h for h in self.holes_of(side)
                if board[h - 1] == 1 and board[self.next_hole(h) - 1] == 0]

    def sow(self, board, side, h):
        """Play the sowing part of a move (sowing, relays, capture).
        Returns (new_board, last_hole, captured) or None if endless."""
        N = self.N
        off = 0 if side == SOUTH else N
        cells = list(board[off:off + N])
        last_p = self._sow_track(cells, h - 1 - off)
        if last_p is None:
            return None
        b = list(board)
        b[off:off + N] = cells
        last = last_p + 1 + off
        captured = 0
        if self.is_inner(last):
            col = self.column(last)
            opp_inner = self.hole_at(3 if side == SOUTH else 2, col)
            opp_outer = self.hole_at(4 if side == SOUTH else 1, col)
            if b[opp_inner - 1] > 0:
                captured += b[opp_inner - 1]
                b[opp_inner - 1] = 0
                if b[opp_outer - 1] > 0:
                    captured += b[opp_outer - 1]
                    b[opp_outer - 1] = 0
        return tuple(b), last, captured

    def sowings(self, board, side):
        """Legal sowings: list of (hole, board_after, last_hole, captured)."""
        out = []
        for h in self.candidates(board, side):
            res = self.sow(board, side, h)
            if res is None:
                self.endless += 1
                continue
            out.append((h,) + res)
        return out

    def pick_holes(self, board, side):
        """Holes the mover `side` may take from (the opponent's non-empty holes)."""
        return [h for h in self.holes_of(1 - side) if board[h - 1] > 0]

    # ------------------------------------------------------------ status
    def legal(self, board, side):
        """Legal sowings at a turn boundary.  A finished game (either side
        without seeds) has none."""
        if self.seeds(board, side) == 0 or self.seeds(board, 1 - side) == 0:
            return []
        return self.sowings(board, side)

    def result(self, board, side, moves):
        """Winner name given the legal sowings `moves`, or None if play goes on."""
        s_me, s_op = self.seeds(board, side), self.seeds(board, 1 - side)
        if s_me == 0 and s_op == 0:
            return "none"
        if s_me == 0:
            return NAMES[1 - side]
        if s_op == 0:                 # cannot arise in play (only via --pos)
            return NAMES[side]
        if not moves:                 # seeds but no legal move: he loses
            return NAMES[1 - side]
        return None

    def winner(self, board, side):
        return self.result(board, side, self.legal(board, side))

    # ------------------------------------------------------------ perft
    def perft(self, board, side, depth):
        counts = [0] * (depth + 1)
        self._perft(board, side, depth, 0, 1, counts)
        return counts[1:]

    def _perft(self, board, side, depth, t, mult, counts):
        leaf = (t + 1 == depth)
        for h, nb, last, cap in self.legal(board, side):
            if not cap:
                counts[t + 1] += mult
                if not leaf:
                    self._perft(nb, 1 - side, depth, t + 1, mult, counts)
                continue
            picks = self.pick_holes(nb, side)
            m = min(self.E, len(picks))
            if leaf:
                k = len(picks)
                seq = 1
                for j in range(m):
                    seq *= (k - j)
                counts[t + 1] += mult * seq
                continue
            f = factorial(m)
            for combo in combinations(picks, m):
                b2 = list(nb)
                for p in combo:
                    b2[p - 1] = 0
                counts[t + 1] += mult * f
                self._perft(tuple(b2), 1 - side, depth, t + 1, mult * f, counts)

    # ------------------------------------------------------------ merged moves
    def full_moves(self, board, side):
        """All merged moves: list of (decisions list, board_after)."""
        out = []
        for h, nb, last, cap in self.legal(board, side):
            if not cap:
                out.append(([str(h)], nb))
                continue
            def rec(b, seq, left):
                picks = self.pick_holes(b, side)
                if left == 0 or not picks:
                    out.append(([str(h)] + seq, b))
                    return
                for p in picks:
                    b2 = list(b)
                    b2[p - 1] = 0
                    rec(tuple(b2), seq + ["take:%d" % p], left - 1)
            rec(nb, [], self.E)
        return out

    # ------------------------------------------------------------ random games
    def random_game(self, rng, cap=3000, board=None, side=SOUTH):
        board = board if board is not None else self.start()
        decisions = []
        while True:
            moves = self.legal(board, side)       # sorted by hole number
            w = self.result(board, side, moves)
            if w is not None:
                return decisions, board, w
            if len(decisions) >= cap:
                return decisions, board, "none"
            h, nb, last, captured = rng.choice(moves)
            decisions.append(str(h))
            board = nb
            if captured:
                for _ in range(self.E):
                    picks = self.pick_holes(board, side)
                    if not picks:
                        break
                    if len(decisions) >= cap:
                        return decisions, board, "none"
                    p = rng.choice(picks)
                    decisions.append("take:%d" % p)
                    b2 = list(board)
                    b2[p - 1] = 0
                    board = tuple(b2)
            side = 1 - side


# ---------------------------------------------------------------- CLI
def parse_pos(s, width):
    cells, _, side = s.partition(";")
    vals = tuple(int(x) for x in cells.split(","))
    side = side.strip().lower() or "south"
    if side not in NAMES:
        raise SystemExit("side must be south or north")
    if len(vals) % 4:
        raise SystemExit("number of cells must be 4W")
    w = len(vals) // 4
    if width is not None and width != w:
        raise SystemExit("--width %d does not match %d cells" % (width, len(vals)))
    return vals, NAMES.index(side), w


def fmt(board):
    return ",".join(str(x) for x in board)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("perft", "random", "moves"):
        p = sub.add_parser(name)
        p.add_argument("--width", type=int, default=None)
        p.add_argument("--extra", type=int, default=3)
        if name == "perft":
            p.add_argument("depth", type=int)
            p.add_argument("--pos", default=None)
        elif name == "random":
            p.add_argument("n", type=int)
            p.add_argument("seed", type=int)
            p.add_argument("--cap", type=int, default=3000)
        else:
            p.add_argument("--pos", default=None)
            p.add_argument("--expand", action="store_true",
                           help="also list merged moves (sowing + picks)")
    a = ap.parse_args(argv)

    if getattr(a, "pos", None):
        board, side, w = parse_pos(a.pos, a.width)
    else:
        w = a.width or 8
        board, side = None, SOUTH
    g = Tsoro(w, a.extra)
    if board is None:
        board = g.start()

    if a.cmd == "perft":
        counts = g.perft(board, side, a.depth)
        for d, c in enumerate(counts, 1):
            print(d, c)
        print("# endless sowings met (excluded): %d" % g.endless, file=sys.stderr)
    elif a.cmd == "random":
        rng = random.Random(a.seed)
        for _ in range(a.n):
            dec, fb, win = g.random_game(rng, cap=a.cap)
            print(" ".join(dec), "|", fmt(fb), "|", win)
        print("# endless sowings met (excluded): %d" % g.endless, file=sys.stderr)
    else:
        print("# to move: %s  board: %s" % (NAMES[side], fmt(board)))
        mv = g.legal(board, side)
        w_ = g.result(board, side, mv)
        if w_ is not None:
            print("# game over, winner: %s" % w_)
        for h, nb, last, cap in mv:
            extra = ""
            if cap:
                picks = g.pick_holes(nb, side)
                extra = "  # ends at %d, captures %d, then %d pick(s) among %s" % (
                    last, cap, min(g.E, len(picks)), picks)
            print("%d %s%s" % (h, fmt(nb), extra))
        n_endless = g.endless
        if a.expand:
            print("# merged moves:")
            for dec, nb in g.full_moves(board, side):
                print(" ".join(dec), fmt(nb))
        print("# endless sowings met (excluded): %d" % n_endless)


if __name__ == "__main__":
    main()
