#!/usr/bin/env python3
"""Independent reference implementation of the four-row sowing game Misoro Tsoro.

Standard library only.  Holes are numbered 1..4W; the board is kept as a
list of length 4W+1 whose index 0 is unused, so b[h] is the count in hole h.

Geometry (ranks 1..4 from South's edge, columns 1..W left->right as South sees):
  South rank 1: holes 1..W        hole c      -> column c
  South rank 2: holes W+1..2W     hole W+k    -> column W+1-k
  North rank 4: holes 2W+1..3W    hole 2W+k   -> column W+1-k
  North rank 3: holes 3W+1..4W    hole 3W+c   -> column c
Outer rows: South rank 1, North rank 4.  Inner rows: South rank 2, North rank 3.
Tracks: South 1..2W then 1; North 2W+1..4W then 2W+1.
Misoro: South 1, 2; North 2W+1, 2W+2.

CLI:
  misoro.py perft DEPTH [--width W] [--pos "c1,...,c4W;south|north"] [--stats]
  misoro.py random N SEED [--width W]
  misoro.py moves [--width W] [--pos ...]
"""

import argparse
import random
import sys

SOUTH, NORTH = 0, 1
SIDE_NAME = {SOUTH: "south", NORTH: "north"}
MAX_CHANCES = 64
RANDOM_CAP = 3000

# If True, the position before the chosen hole is lifted, (board, chosen hole),
# counts as the first state of the relay for repetition detection.
INCLUDE_START_STATE = True


class Stats:
    """Counters for unusual events met during move generation."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.endless = 0            # hole choices whose plain sowing never stops
        self.endless_no_chance = 0  # ... of which no chance was met at all
        self.endless_examples = []  # a few (board, side, hole) examples
        self.cap_hits = 0           # chance lists cut at MAX_CHANCES
        self.max_chances = 0        # most chances met by one sowing (before repeat)
        self.max_laps = 0           # longest relay (laps) of a finishing sowing
        self.start_repeat = 0       # repeats that hit the start state itself
        self.start_repeat_misoro = 0  # ... with the start hole a misoro (chance lost)
        self.no_move_with_seeds = 0   # positions: seeds on side but no decision


STATS = Stats()


class Geometry:
    def __init__(self, W=8):
        if not 6 <= W <= 16:
            raise ValueError("width must be 6..16, got %r" % W)
        self.W = W
        self.N = 4 * W

    # -- ownership and tracks ------------------------------------------------
    def owner(self, h):
        if not 1 <= h <= self.N:
            raise ValueError("no hole %r" % h)
        return SOUTH if h <= 2 * self.W else NORTH

    def holes(self, side):
        W = self.W
        return range(1, 2 * W + 1) if side == SOUTH else range(2 * W + 1, 4 * W + 1)

    def next_hole(self, side, h):
        W = self.W
        if side == SOUTH:
            return 1 if h == 2 * W else h + 1
        return 2 * W + 1 if h == 4 * W else h + 1

    def misoro(self, side):
        W = self.W
        return (1, 2) if side == SOUTH else (2 * W + 1, 2 * W + 2)

    # -- ranks / columns -------------------------------------------------------
    def rank_col(self, h):
        W = self.W
        if 1 <= h <= W:
            return 1, h
        if W < h <= 2 * W:
            return 2, W + 1 - (h - W)
        if 2 * W < h <= 3 * W:
            return 4, W + 1 - (h - 2 * W)
        if 3 * W < h <= 4 * W:
            return 3, h - 3 * W
        raise ValueError("no hole %r" % h)

    def hole_at(self, rank, col):
        W = self.W
        if not 1 <= col <= W:
            raise ValueError("no column %r" % col)
        if rank == 1:
            return col
        if rank == 2:
            return W + (W + 1 - col)
        if rank == 4:
            return 2 * W + (W + 1 - col)
        if rank == 3:
            return 3 * W + col
        raise ValueError("no rank %r" % rank)

    def outer_rank(self, side):
        return 1 if side == SOUTH else 4

    def inner_rank(self, side):
        return 2 if side == SOUTH else 3

    def is_inner(self, side, h):
        return self.owner(h) == side and self.rank_col(h)[0] == self.inner_rank(side)

    # -- positions -------------------------------------------------------------
    def start(self):
        b = [0] * (self.N + 1)
        for c in range(1, self.W + 1):
            b[self.hole_at(1, c)] = 2
            b[self.hole_at(4, c)] = 2
        return b

    def side_total(self, b, side):
        return sum(b[h] for h in self.holes(side))


def other(side):
    return 1 - side


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def capture(g, b, side, h):
    """Last seed of the turn fell into empty hole h (now 1).  Apply capture."""
    if not g.is_inner(side, h):
        return
    col = g.rank_col(h)[1]
    opp = other(side)
    oi = g.hole_at(g.inner_rank(opp), col)
    if b[oi] > 0:
        b[oi] = 0
        oo = g.hole_at(g.outer_rank(opp), col)
        if b[oo] > 0:
            b[oo] = 0


def sow_from(g, board, side, h, stats=STATS):
    """Simulate the whole relay that starts by lifting hole h.

    Returns (plain, chances):
      plain   -- board (list) after the never-stopping sowing, or None if endless
      chances -- list of boards, the k-th being the board when stopping at the
                 k-th chance (at most MAX_CHANCES of them)
    """
    b = list(board)
    lo = 2 * g.W * side + 1          # first hole of mover's side
    hi = lo + 2 * g.W                # one past the last
    mis = g.misoro(side)
    seen = set()
    if INCLUDE_START_STATE:
        seen.add((tuple(b[lo:hi]), h))
    chances = []
    n_chances = 0
    pos = h
    laps = 0
    while True:
        n = b[pos]
        b[pos] = 0
        p = pos
        for _ in range(n):
            p = p + 1 if p + 1 < hi else lo
            b[p] += 1
        laps += 1
        if b[p] >= 2:                         # occupied before the last seed
            key = (tuple(b[lo:hi]), p)
            if key in seen:                   # relay repeats for ever
                stats.endless += 1
                if n_chances == 0:
                    stats.endless_no_chance += 1
                if INCLUDE_START_STATE and p == h and key[0] == tuple(board[lo:hi]):
                    stats.start_repeat += 1
                    if p in mis:
                        stats.start_repeat_misoro += 1
                if len(stats.endless_examples) < 5:
                    stats.endless_examples.append((tuple(board), side, h))
                stats.max_chances = max(stats.max_chances, n_chances)
                return None, chances
            seen.add(key)
            if p in mis:
                n_chances += 1
                if len(chances) < MAX_CHANCES:
                    chances.append(list(b))
                elif n_chances == MAX_CHANCES + 1:
                    stats.cap_hits += 1
            pos = p
            continue
        # empty before: the turn ends here
        capture(g, b, side, p)
        stats.max_chances = max(stats.max_chances, n_chances)
        stats.max_laps = max(stats.max_laps, laps)
        return b, chances


def candidate_holes(g, b, side):
    own = g.holes(side)
    big = [h for h in own if b[h] >= 2]
    if big:
        return big
    return [h for h in own if b[h] == 1 and b[g.next_hole(side, h)] == 0]


def legal_decisions(g, b, side, stats=STATS):
    """List of (decision string, board after) in the canonical order:
    by hole number, each plain move followed by its /1, /2, ... variants."""
    out = []
    for h in candidate_holes(g, b, side):
        plain, chances = sow_from(g, b, side, h, stats)
        if plain is not None:
            out.append((str(h), plain))
        for k, cb in enumerate(chances, 1):
            out.append(("%d/%d" % (h, k), cb))
    if not out and g.side_total(b, side) > 0:
        stats.no_move_with_seeds += 1
    return out


def game_result(g, b, side_to_move):
    """Winner name if the game is over with side_to_move on move, else None."""
    if g.side_total(b, side_to_move) == 0:
        return SIDE_NAME[other(side_to_move)]
    if not legal_decisions(g, b, side_to_move, Stats()):
        return SIDE_NAME[other(side_to_move)]
    return None


# ---------------------------------------------------------------------------
# Perft / random games
# ---------------------------------------------------------------------------

def perft(g, b, side, depth):
    if depth == 0:
        return 1
    moves = legal_decisions(g, b, side)
    if depth == 1:
        return len(moves)
    return sum(perft(g, nb, other(side), depth - 1) for _, nb in moves)


def perft_detail(g, b, side, depth, acc):
    """Like perft, but acc[0..2] += leaves, chance-variant leaves, capturing leaves."""
    moves = legal_decisions(g, b, side)
    if depth == 1:
        opp = other(side)
        before = g.side_total(b, opp)
        acc[0] += len(moves)
        acc[1] += sum(1 for d, _ in moves if "/" in d)
        acc[2] += sum(1 for _, nb in moves if g.side_total(nb, opp) < before)
        return
    for _, nb in moves:
        perft_detail(g, nb, other(side), depth - 1, acc)


def divide(g, b, side, depth):
    return [(d, perft(g, nb, other(side), depth - 1)) for d, nb in legal_decisions(g, b, side)]


def random_game(g, rng, cap=RANDOM_CAP):
    b = g.start()
    side = SOUTH
    decisions = []
    while True:
        moves = legal_decisions(g, b, side)
        if not moves:              # no seeds (opponent just won) or no legal move
            winner = SIDE_NAME[other(side)]
            break
        if len(decisions) >= cap:
            winner = "none"
            break
        d, nb = moves[rng.randrange(len(moves))]
        decisions.append(d)
        b = nb
        side = other(side)
    return decisions, b, winner


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def parse_pos(text, width=None):
    cells, sep, who = text.partition(";")
    if not sep:
        raise ValueError("position needs ';south' or ';north'")
    counts = [int(x) for x in cells.split(",")]
    if len(counts) % 4:
        raise ValueError("hole count %d is not 4W" % len(counts))
    W = len(counts) // 4
    if width is not None and width != W:
        raise ValueError("--width %d disagrees with %d holes" % (width, len(counts)))
    g = Geometry(W)
    if any(c < 0 for c in counts):
        raise ValueError("negative count")
    who = who.strip().lower()
    if who not in ("south", "north"):
        raise ValueError("side must be south or north")
    return g, [0] + counts, SOUTH if who == "south" else NORTH


def fmt(b):
    return ",".join(str(x) for x in b[1:])


def setup(args):
    try:
        if args.pos:
            return parse_pos(args.pos, args.width)
        g = Geometry(args.width if args.width is not None else 8)
    except ValueError as e:
        sys.exit("misoro.py: error: %s" % e)
    return g, g.start(), SOUTH


def main(argv=None):
    global INCLUDE_START_STATE
    ap = argparse.ArgumentParser(description="Misoro Tsoro reference")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("depth", type=int)
    p.add_argument("--width", type=int)
    p.add_argument("--pos")
    p.add_argument("--stats", action="store_true")
    p.add_argument("--detail", action="store_true",
                   help="also print chance-variant and capturing leaf counts")
    p.add_argument("--divide", action="store_true",
                   help="print per-root-decision counts at DEPTH instead")
    p.add_argument("--no-start-state", action="store_true",
                   help="do not count the pre-lift state in repetition detection")
    r = sub.add_parser("random")
    r.add_argument("n", type=int)
    r.add_argument("seed", type=int)
    r.add_argument("--width", type=int)
    r.add_argument("--stats", action="store_true")
    m = sub.add_parser("moves")
    m.add_argument("--width", type=int)
    m.add_argument("--pos")
    args = ap.parse_args(argv)

    if args.cmd == "perft":
        if args.no_start_state:
            INCLUDE_START_STATE = False
        g, b, side = setup(args)
        if args.divide:
            total = 0
            for d, n in divide(g, b, side, args.depth):
                print(d, n)
                total += n
            print("total", total)
        elif args.detail:
            for d in range(1, args.depth + 1):
                acc = [0, 0, 0]
                perft_detail(g, b, side, d, acc)
                print(d, *acc, flush=True)
        else:
            for d in range(1, args.depth + 1):
                print(d, perft(g, b, side, d), flush=True)
    elif args.cmd == "random":
        args.pos = None
        g, _, _ = setup(args)
        rng = random.Random(args.seed)
        for _ in range(args.n):
            decisions, b, winner = random_game(g, rng)
            print(" ".join(decisions), "|", fmt(b), "|", winner, flush=True)
    elif args.cmd == "moves":
        g, b, side = setup(args)
        nxt = SIDE_NAME[other(side)]
        for d, nb in legal_decisions(g, b, side):
            res = game_result(g, nb, other(side))
            tail = (" win:" + res) if res else ""
            print("%s %s;%s%s" % (d, fmt(nb), nxt, tail))
    if getattr(args, "stats", False):
        s = STATS
        print("# stats: endless=%d endless_no_chance=%d cap_hits=%d max_chances=%d "
              "max_laps=%d start_repeat=%d start_repeat_misoro=%d no_move_with_seeds=%d"
              % (s.endless, s.endless_no_chance, s.cap_hits, s.max_chances, s.max_laps,
                 s.start_repeat, s.start_repeat_misoro, s.no_move_with_seeds),
              file=sys.stderr)
        for ex in s.endless_examples:
            print("# endless: %s;%s hole %d" % (fmt(list(ex[0])), SIDE_NAME[ex[1]], ex[2]),
                  file=sys.stderr)


if __name__ == "__main__":
    main()
