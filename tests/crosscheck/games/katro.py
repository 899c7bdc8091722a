#!/usr/bin/env python3
"""Independent reference implementation of Katro (Malagasy sowing game).

Board: 6 rows of W holes, holes numbered 1..6W (see Geometry for the layout).
Boards are Python lists of length 6W+1; index = hole number, index 0 unused (0).
Players: SOUTH = 0 (holes 1..3W), NORTH = 1 (holes 3W+1..6W).
"""
import random
import sys

SOUTH, NORTH = 0, 1
PNAME = ("south", "north")
CW, CCW = 0, 1
DNAME = ("cw", "ccw")

# Global statistics: number of moves rejected because their relay is endless.
STATS = {"endless": 0}


class EndlessRelay(Exception):
    pass


class Geometry:
    def __init__(self, W=6):
        assert W >= 1
        self.W = W
        N = 6 * W
        self.N = N
        self.rank = [0] * (N + 1)
        self.col = [0] * (N + 1)
        self.hole_at = [[0] * (W + 1) for _ in range(7)]  # hole_at[rank][col]
        for h in range(1, N + 1):
            if h <= W:
                r, c = 1, h                    # South outer, left -> right
            elif h <= 2 * W:
                r, c = 2, 2 * W + 1 - h        # South middle, right -> left
            elif h <= 3 * W:
                r, c = 3, h - 2 * W            # South inner, left -> right
            elif h <= 4 * W:
                r, c = 6, 4 * W + 1 - h        # North outer, right -> left
            elif h <= 5 * W:
                r, c = 5, h - 4 * W            # North middle, left -> right
            else:
                r, c = 4, 6 * W + 1 - h        # North inner, right -> left
            self.rank[h] = r
            self.col[h] = c
            self.hole_at[r][c] = h
        # rows[player] = (outer rank, middle rank, inner rank)
        self.rows = ((1, 2, 3), (6, 5, 4))
        self.row_holes = {r: sorted(self.hole_at[r][1:]) for r in range(1, 7)}
        self.side_range = ((1, 3 * W + 1), (3 * W + 1, 6 * W + 1))
        # tracks: nxt[player][dir][hole]
        self.track = [[None, None], [None, None]]
        self.nxt = [[None, None], [None, None]]
        for p in (SOUTH, NORTH):
            lo, hi = self.side_range[p]
            ccw = list(range(lo, hi))
            cw = [self.hole_at[self.rank[h]][W + 1 - self.col[h]] for h in ccw]
            for d, seq in ((CW, cw), (CCW, ccw)):
                self.track[p][d] = seq
                nx = [0] * (N + 1)
                for i, h in enumerate(seq):
                    nx[h] = seq[(i + 1) % len(seq)]
                self.nxt[p][d] = nx

    def owner(self, h):
        return SOUTH if h <= 3 * self.W else NORTH

    def side_sum(self, b, p):
        lo, hi = self.side_range[p]
        return sum(b[lo:hi])

    # ------------------------------------------------------------------
    def capture(self, b, pos, p):
        """Capture into hole pos (inner row of p): first non-empty of the
        opponent's inner, middle, outer holes of that column."""
        c = self.col[pos]
        orows = self.rows[1 - p]
        for r in (orows[2], orows[1], orows[0]):
            oh = self.hole_at[r][c]
            if b[oh]:
                b[pos] += b[oh]
                b[oh] = 0
                return oh
        return 0

    def sow(self, b, h, d, p):
        """Lift hole h of player p and sow in direction d, with relays and
        captures.  Mutates b.  Raises EndlessRelay if a state repeats."""
        nx = self.nxt[p][d]
        inner = self.rows[p][2]
        opp = 1 - p
        seen = set()
        while True:
            key = bytes(b) + bytes((h,))  # direction is constant within a move
            if key in seen:
                raise EndlessRelay()
            seen.add(key)
            n = b[h]
            b[h] = 0
            pos = h
            while n:
                pos = nx[pos]
                b[pos] += 1
                n -= 1
            if b[pos] == 1:
                return
            if self.rank[pos] == inner:
                self.capture(b, pos, p)
            if self.side_sum(b, opp) == 0:
                return
            h = pos

    # ------------------------------------------------------------------
    def is_over(self, b):
        return self.side_sum(b, SOUTH) == 0 or self.side_sum(b, NORTH) == 0

    def gen(self, b, p):
        """Return list of (move_name, child_board) for player p to move.
        Endless moves are left out (and counted in STATS)."""
        if self.is_over(b):
            return []
        out = []
        # outermost non-empty row
        holes = []
        for r in self.rows[p]:
            holes = [h for h in self.row_holes[r] if b[h] > 0]
            if holes:
                break
        for h in holes:
            for d in (CW, CCW):
                nb = b[:]
                try:
                    self.sow(nb, h, d, p)
                except EndlessRelay:
                    STATS["endless"] += 1
                    continue
                out.append(("%d%s" % (h, DNAME[d]), nb))
        # steps
        if self.side_sum(b, p) == 1:
            lo, hi = self.side_range[p]
            s = next(h for h in range(lo, hi) if b[h])
            outer, middle, inner = self.rows[p]
            c = self.col[s]
            if self.rank[s] == outer:
                m = self.hole_at[middle][c]
                nb = b[:]
                nb[s] = 0
                nb[m] = 1
                out.append(("%d>%d" % (s, m), nb))
            elif self.rank[s] == middle:
                coltot = sum(b[self.hole_at[r][c]] for r in range(1, 7))
                if coltot > 1:
                    i = self.hole_at[inner][c]
                    for d in (CW, CCW):
                        nb = b[:]
                        nb[s] = 0
                        nb[i] = 1
                        self.capture(nb, i, p)
                        if self.side_sum(nb, 1 - p) > 0:
                            try:
                                self.sow(nb, i, d, p)
                            except EndlessRelay:
                                STATS["endless"] += 1
                                continue
                        out.append(("%d>%d%s" % (s, i, DNAME[d]), nb))
        return out

    def moves(self, b, p):
        return [m for m, _ in self.gen(b, p)]

    def play(self, b, p, move):
        """Play move (by name); returns (new_board, next_player)."""
        for m, nb in self.gen(b, p):
            if m == move:
                return nb, 1 - p
        raise ValueError("illegal move %r" % move)

    def winner(self, b, p_to_move):
        """Winner of a finished game (None if not over)."""
        if self.side_sum(b, p_to_move) == 0:
            return 1 - p_to_move
        if self.side_sum(b, 1 - p_to_move) == 0:
            return p_to_move
        return None

    def start(self):
        return [0] + [2] * self.N

    # ------------------------------------------------------------------
    def perft(self, b, p, depth):
        """counts[d] = number of move sequences of length d, d=0..depth."""
        counts = [0] * (depth + 1)

        def rec(b, p, d):
            counts[d] += 1
            if d == depth:
                return
            for _, nb in self.gen(b, p):
                rec(nb, 1 - p, d + 1)

        rec(b, p, 0)
        return counts


def parse_pos(s, geo):
    cells, side = s.split(";")
    vals = [int(x) for x in cells.split(",")]
    if len(vals) != geo.N:
        raise SystemExit("position needs %d counts, got %d" % (geo.N, len(vals)))
    side = side.strip().lower()
    p = {"south": SOUTH, "north": NORTH, "s": SOUTH, "n": NORTH}[side]
    return [0] + vals, p


def random_games(geo, n, seed, cap=2000, out=sys.stdout):
    rng = random.Random(seed)
    for _ in range(n):
        b, p = geo.start(), SOUTH
        played = []
        win = "none"
        while len(played) < cap:
            ms = geo.gen(b, p)
            if not ms:
                w = geo.winner(b, p)
                win = PNAME[w] if w is not None else "none"
                break
            m, nb = rng.choice(ms)
            played.append(m)
            b, p = nb, 1 - p
        else:
            w = geo.winner(b, p)
            win = PNAME[w] if w is not None else "none"
        out.write("%s | %s | %s\n" % (" ".join(played),
                                       ",".join(map(str, b[1:])), win))


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("perft")
    a.add_argument("depth", type=int)
    a.add_argument("--width", type=int, default=6, choices=(3, 6))
    a.add_argument("--pos")
    a = sub.add_parser("random")
    a.add_argument("n", type=int)
    a.add_argument("seed", type=int)
    a.add_argument("--width", type=int, default=6, choices=(3, 6))
    a = sub.add_parser("moves")
    a.add_argument("--width", type=int, default=6, choices=(3, 6))
    a.add_argument("--pos")
    args = ap.parse_args(argv)
    geo = Geometry(args.width)
    if args.cmd == "perft":
        if args.pos:
            b, p = parse_pos(args.pos, geo)
        else:
            b, p = geo.start(), SOUTH
        counts = geo.perft(b, p, args.depth)
        for d in range(1, args.depth + 1):
            print(d, counts[d])
        print("endless moves met: %d" % STATS["endless"], file=sys.stderr)
    elif args.cmd == "random":
        random_games(geo, args.n, args.seed)
        print("endless moves met: %d" % STATS["endless"], file=sys.stderr)
    elif args.cmd == "moves":
        if args.pos:
            b, p = parse_pos(args.pos, geo)
        else:
            b, p = geo.start(), SOUTH
        for m, nb in geo.gen(b, p):
            print(m, ",".join(map(str, nb[1:])))


if __name__ == "__main__":
    main(sys.argv[1:])
