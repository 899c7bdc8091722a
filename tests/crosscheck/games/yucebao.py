#!/usr/bin/env python3
"""Independent reference implementation of Yucebao (two-row sowing game).

Written from the rules text of the cross-check brief alone (no variant file,
no interpreter source, no test position read).

BOARD
  Twelve places on a ring, indexed 0..11 in counterclockwise order:
      index 0..4  = holes 1..5 (South's row), 5 = South's store,
      index 6..10 = holes 6..10 (North's row), 11 = North's store.
  ccw steps +1, cw steps -1 (mod 12).  Each hole starts with 5 seeds.
  Two large stones S (index 0) and N (index 1); a stone's location is a ring
  index, or OFF (-1: off the board, or not yet marked).

DECISIONS
  mark:H (South 1..5, then North 6..10) unless --stores; then sowing moves
  `Hcw`/`Hccw` while the direction is free, `H` once South's first sowing
  move fixed it.  A move is a sequence of laps (stones first, S before N, then
  seeds); a lap ending in a hole holding > 1 piece whose next place is an
  occupied hole relays from that next hole.  A move whose laps repeat a state
  (seeds, stones, hole to lift) never ends and is illegal.  Then the capture
  line (see capture()).

TURN START / END
  After each decision (play phase): if the player to move has no piece in his
  row: refill from his store if allowed and >= 5, else the game ends and the
  mover takes the seeds of all holes.  Then the position (seeds, stones, side
  to move, direction) is counted; its 3rd occurrence ends the game, as does
  having no legal move (each player then takes his own row's seeds).
  Finished games print holes emptied (all seeds went to the stores).

AMBIGUITIES AND HOW THEY WERE DECIDED
  * A stone that falls into a store scores nothing: the winner compares the
    store SEEDS only.
  * The refill happens before the repetition count: the position counted is
    the one where the player actually decides (after his refill).
  * The end by an empty row is tested before the refill, and only the row of
    the player to move is looked at; with pieces on the board outside his row
    (without --own-row) the game still ends if his row is empty.
  * The capture line: stepping from x to the next hole passes over a store,
    but then "the place just before x is a store" stops the line, so a line
    never crosses a store.  A store after x counts as holding a piece iff it
    holds seeds.
  * Sowing seeds into a hole holding a stone triggers nothing; only a stone
    being dropped takes seeds.

OBSERVATIONS (consequences of the rules, not choices)
  * A stone moves only as the first piece of a lap, one place on; a row's
    ends touch the stores, so S never leaves South's row except into a store
    (and N likewise).  The stones never share a hole, and --stone-owner
    changes nothing (same perft and random games as the default).
  * No move can be endless: a lap that passes no store lifts its next hole
    strictly further along the row, so a cycle must add to a store, which
    only grows.  The exact detection is kept all the same.
"""
import random
import sys
import time

SOUTH, NORTH = 0, 1
PNAME = ("south", "north")
CW, CCW = 0, 1
DNAME = ("cw", "ccw")
OFF = -1
HAND = -2
STORE = (5, 11)          # STORE[player] = ring index of his store
CAP = 400


def place(h):
    return h - 1 if h <= 5 else h


def hole(i):
    return i + 1 if i <= 4 else i


def is_hole(i):
    return i != 5 and i != 11


def owner(i):
    return SOUTH if i <= 5 else NORTH


def step(i, d):
    return (i + 1) % 12 if d == CCW else (i - 1) % 12


ROW = ((0, 1, 2, 3, 4), (6, 7, 8, 9, 10))
ALL_HOLES = (0, 1, 2, 3, 4, 6, 7, 8, 9, 10)


class Opts:
    def __init__(self, own_row=False, stores=False, stone_owner=False,
                 no_refill=False):
        self.own_row = own_row
        self.stores = stores
        self.stone_owner = stone_owner
        self.no_refill = no_refill


def pieces(seeds, stones, i):
    n = seeds[i]
    if is_hole(i):
        n += (stones[0] == i) + (stones[1] == i)
    return n


def sow(seeds, stones, start, d, mover, opts):
    """Play the sowing from ring index start in direction d.  Returns the new
    (seeds, stones) lists, or None if the sowing never ends."""
    seeds = list(seeds)
    stones = list(stones)
    seen = set()
    h = start
    while True:
        key = (tuple(seeds), stones[0], stones[1], h)
        if key in seen:
            return None
        seen.add(key)
        lifted = [k for k in (0, 1) if stones[k] == h]
        n = seeds[h]
        seeds[h] = 0
        for k in lifted:
            stones[k] = HAND
        pos = h
        for k in lifted:
            pos = step(pos, d)
            if not is_hole(pos):
                stones[k] = OFF                 # leaves the board for good
                continue
            stones[k] = pos
            if seeds[pos] > 0:
                taker = k if opts.stone_owner else owner(pos)
                seeds[STORE[taker]] += seeds[pos]
                seeds[pos] = 0
                if stones[1 - k] == pos:
                    stones[1 - k] = OFF
        for _ in range(n):
            pos = step(pos, d)
            seeds[pos] += 1
        # last piece at pos: relay?
        if is_hole(pos) and pieces(seeds, stones, pos) > 1:
            a = step(pos, d)
            if is_hole(a) and pieces(seeds, stones, a) > 0:
                h = a
                continue
        break
    capture(seeds, stones, pos, d, mover)
    return seeds, stones


def capture(seeds, stones, last, d, mover):
    """The capture line after the sowing ended with its last piece at last."""
    def pc(i):
        return pieces(seeds, stones, i)
    if not is_hole(last) or pc(last) <= 1:
        return
    a = step(last, d)
    if not is_hole(a) or pc(a) != 0:
        return
    b = step(a, d)
    if not is_hole(b) or pc(b) < 1:
        return
    taken = [b]
    x = b
    back = CW if d == CCW else CCW
    while True:
        x = step(x, d)
        if not is_hole(x):
            x = step(x, d)
        if x in taken:
            break
        before = step(x, back)
        after = step(x, d)
        if not is_hole(before):
            break
        if (pc(x) == 0 and pc(after) > 0) or (pc(x) > 0 and pc(before) == 0):
            taken.append(x)
        else:
            break
    for x in taken:
        seeds[STORE[mover]] += seeds[x]
        seeds[x] = 0
        for k in (0, 1):
            if stones[k] == x:
                stones[k] = OFF


class State:
    """seeds: tuple of 12 (ring); stones: (S, N) locations; turn; dirfix
    (None, CW or CCW); phase 'mark' or 'play'; over: None or how it ended
    ('row' = the mover takes the holes, 'rows' = each takes his row)."""
    __slots__ = ("seeds", "stones", "turn", "dirfix", "phase", "over")

    def __init__(self, seeds, stones, turn, dirfix, phase, over=None):
        self.seeds = seeds
        self.stones = stones
        self.turn = turn
        self.dirfix = dirfix
        self.phase = phase
        self.over = over

    @staticmethod
    def start(opts):
        seeds = tuple(0 if i in STORE else 5 for i in range(12))
        return State(seeds, (OFF, OFF), SOUTH, None,
                     "play" if opts.stores else "mark")

    def key(self):
        return (self.seeds, self.stones, self.turn, self.dirfix)

    def row_empty(self, p):
        return all(pieces(self.seeds, self.stones, i) == 0 for i in ROW[p])

    def settle(self, opts):
        """Turn start of the player to move (play phase): the end by an empty
        row, or the refill.  Returns self, possibly modified."""
        if self.phase != "play":
            return self
        p = self.turn
        if self.row_empty(p):
            if not opts.no_refill and self.seeds[STORE[p]] >= 5:
                s = list(self.seeds)
                s[STORE[p]] -= 5
                for i in ROW[p]:
                    s[i] += 1
                self.seeds = tuple(s)
            else:
                self.over = "row"
        return self

    def legal(self, opts):
        """List of (token, child State), children settled."""
        out = []
        if self.phase == "mark":
            for i in ROW[self.turn]:
                st = list(self.stones)
                st[self.turn] = i
                if self.turn == SOUTH:
                    c = State(self.seeds, tuple(st), NORTH, None, "mark")
                else:
                    c = State(self.seeds, tuple(st), SOUTH, None, "play")
                out.append(("mark:%d" % hole(i), c.settle(opts)))
            return out
        holes = ROW[self.turn] if opts.own_row else ALL_HOLES
        dirs = (CW, CCW) if self.dirfix is None else (self.dirfix,)
        for i in holes:
            if pieces(self.seeds, self.stones, i) == 0:
                continue
            for d in dirs:
                r = sow(self.seeds, self.stones, i, d, self.turn, opts)
                if r is None:
                    continue
                if self.dirfix is None:
                    tok = "%d%s" % (hole(i), DNAME[d])
                else:
                    tok = "%d" % hole(i)
                df = self.dirfix
                if df is None and self.turn == SOUTH:
                    df = d
                c = State(tuple(r[0]), tuple(r[1]), 1 - self.turn, df, "play")
                out.append((tok, c.settle(opts)))
        return out

    def finish(self, how):
        """Collect the holes at the end; returns the winner's name."""
        s = list(self.seeds)
        for p in (SOUTH, NORTH):
            for i in ROW[p]:
                taker = (1 - self.turn) if how == "row" else p
                s[STORE[taker]] += s[i]
                s[i] = 0
        self.seeds = tuple(s)
        self.over = how
        a, b = s[STORE[SOUTH]], s[STORE[NORTH]]
        return "south" if a > b else "north" if b > a else "draw"

    def cells(self):
        return [self.seeds[place(h)] for h in range(1, 11)]


def perft(depth, opts):
    counts = [0] * (depth + 1)
    hist = {}

    def rec(s, d):
        counts[d] += 1
        if d == depth or s.over:
            return
        k = None
        if s.phase == "play":
            k = s.key()
            hist[k] = hist.get(k, 0) + 1
        try:
            if k is not None and hist[k] >= 3:
                return
            for _, c in s.legal(opts):
                rec(c, d + 1)
        finally:
            if k is not None:
                hist[k] -= 1

    rec(State.start(opts), 0)
    return counts[1:]


def play_random(rng, opts, cap=CAP):
    s = State.start(opts)
    toks = []
    hist = {}
    while True:
        if s.over:
            return toks, s, s.finish(s.over)
        if s.phase == "play":
            k = s.key()
            hist[k] = hist.get(k, 0) + 1
            if hist[k] >= 3:
                return toks, s, s.finish("rows")
        lg = s.legal(opts)
        if not lg:
            return toks, s, s.finish("rows")
        if len(toks) >= cap:
            return toks, s, "none"
        tok, s = rng.choice(lg)
        toks.append(tok)


# ---------------------------------------------------------------- selftest

def _pos(cells, stores, stones=(OFF, OFF), turn=SOUTH, dirfix=None):
    s = [0] * 12
    for h in range(1, 11):
        s[place(h)] = cells[h - 1]
    s[5], s[11] = stores
    st = tuple(place(h) if h else OFF for h in stones)
    return State(tuple(s), st, turn, dirfix, "play")


def selftest():
    o = Opts()
    assert perft(3, o) == [5, 25, 500], perft(3, o)
    assert perft(1, Opts(stores=True)) == [20]
    # fact 2
    s = _pos([1, 0, 2, 3, 0, 0, 0, 0, 0, 1], (20, 23), stones=(1, 3))
    c = dict(s.legal(o))["3ccw"]
    assert c.cells() == [1, 0, 0, 0, 1, 0, 0, 0, 0, 1], c.cells()
    assert c.seeds[5] == 24 and c.seeds[11] == 23, c.seeds
    assert c.stones == (place(1), place(4)), c.stones
    assert [t for t, _ in c.legal(o)] == ["1", "4", "5", "10"]
    # fact 3
    s = _pos([2, 0, 1, 2, 0, 1, 0, 3, 0, 2], (19, 20))
    c = dict(s.legal(o))["1ccw"]
    assert c.cells() == [0, 1, 2, 0, 1, 1, 0, 3, 0, 2], c.cells()
    assert (c.seeds[5], c.seeds[11]) == (20, 20)
    # capture lines: b taken, then an empty hole before a piece, then a
    # piece after an empty hole; the store stops the line
    s = _pos([1, 0, 2, 0, 3, 0, 0, 0, 0, 2], (0, 0), dirfix=CCW)
    c = dict(s.legal(o))["10"]
    assert c.cells() == [2, 0, 0, 0, 0, 0, 0, 0, 0, 0], c.cells()
    assert (c.seeds[5], c.seeds[11], c.over) == (5, 1, "row")
    s = _pos([1, 1, 0, 2, 3, 4, 4, 4, 4, 4], (0, 0))
    c = dict(s.legal(o))["1ccw"]
    assert c.cells() == [0, 2, 0, 0, 3, 4, 4, 4, 4, 4], c.cells()
    assert c.seeds[5] == 2
    # seed conservation over random games
    rng = random.Random(3)
    for opts in (Opts(), Opts(stores=True), Opts(own_row=True),
                 Opts(stone_owner=True), Opts(no_refill=True)):
        for _ in range(30):
            toks, st, w = play_random(rng, opts)
            assert sum(st.seeds) == 50, (toks, st.seeds)
    print("selftest ok")


def main(argv):
    args = list(argv)
    flags = {}
    for f in ("--own-row", "--stores", "--stone-owner", "--no-refill"):
        flags[f[2:].replace("-", "_")] = f in args
        while f in args:
            args.remove(f)
    opts = Opts(**flags)
    if not args:
        print(__doc__)
        return 2
    cmd = args[0]
    t = time.time()
    if cmd == "perft":
        for d, c in enumerate(perft(int(args[1]), opts), 1):
            print(d, c)
    elif cmd == "random":
        rng = random.Random(int(args[2]))
        for _ in range(int(args[1])):
            toks, st, w = play_random(rng, opts)
            print("%s | %s | %s" % (" ".join(toks),
                                     ",".join(map(str, st.cells())), w))
    elif cmd == "selftest":
        selftest()
    else:
        print(__doc__)
        return 2
    print("# time %.2fs" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
