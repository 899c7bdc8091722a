#!/usr/bin/env python3
"""Independent reference implementation of Laomuzhu (two-row sowing game).

Written from the rules text of the cross-check brief alone (no variant file,
no interpreter source, no test position read).

BOARD
  Ten holes on a ring, indexed 0..9 for holes 1..10; South owns 1..5, North
  6..10.  ccw = +1, cw = -1 (mod 10).  Each hole starts with 5 seeds.  Two
  large stones, S (index 0, South's) and N (index 1, North's); a stone's
  location is a hole index, OFF (-1, taken off the board) or UNPLACED (-2,
  before the marks).  A hole's pieces are its seeds plus the stones in it.

DECISIONS
  `mark:H` (South 1..5, then North 6..10); then sowing moves `Hcw`/`Hccw`
  while South has not sown yet, `H` afterwards (the direction of South's
  first sowing).  Any occupied hole (--own-row: of the mover's row).
  A lap lifts all pieces of a hole and sows them one per hole from the next
  hole on (stones first, S before N, then seeds; --last: seeds, then stones).
  A dropped stone takes (for its owner) everything else in its hole.  A lap
  ending in a hole with > 1 piece whose next hole is occupied relays from
  that next hole.  A move whose laps repeat a state is endless and illegal.
  Then the capture line (see capture()).

END
  After each move: a row without pieces ends the game; else the position
  (seeds, stones, stores, taken stones, side to move, direction) is counted,
  its 3rd occurrence ends the game, as does having no legal move.  At the
  end each player adds his own row's seeds to his store; the printed cells
  are then all 0 (the seeds went to the stores).  More seeds in store wins.

AMBIGUITIES AND HOW THEY WERE DECIDED
  * At the end the row seeds are moved into the stores, so the CELLS of a
    finished game are ten zeros (a game stopped at the cap shows its board).
  * The capture line may reach the last hole h of the sowing (if prev(h) is
    empty) or wrap round the ring; it stops only at a hole already taken.
  * The taken-stone counts are kept per taker and per stone kind (a player
    may take his own stone in a capture line).
  * In `random` the end conditions are tested before the cap: a game whose
    400th decision ends it gets its winner.
"""
import random
import sys
import time

SOUTH, NORTH = 0, 1
PNAME = ("south", "north")
CW, CCW = -1, 1
OFF, UNPLACED, HAND = -1, -2, -3
CAP = 400
ROW = (range(0, 5), range(5, 10))


class Opts:
    def __init__(self, own_row=False, last=False):
        self.own_row = own_row
        self.last = last


def sow(seeds, stones, stores, taken, h, d, last):
    """Sow from hole h in direction d with relays, mutating the lists.
    Returns the hole of the last piece, or None if the move never ends."""
    seen = set()
    while True:
        key = (tuple(seeds), stones[0], stones[1], stores[0], stores[1],
               tuple(taken), h)
        if key in seen:
            return None
        seen.add(key)
        hand = [k for k in (0, 1) if stones[k] == h]
        for k in hand:
            stones[k] = HAND
        m = seeds[h]
        seeds[h] = 0
        pieces = ["s"] * m
        pieces = (pieces + hand) if last else (hand + pieces)
        pos = h
        for p in pieces:
            pos = (pos + d) % 10
            if p == "s":
                seeds[pos] += 1
                continue
            k, o = p, 1 - p
            stones[k] = pos
            if seeds[pos] > 0 or stones[o] == pos:
                stores[k] += seeds[pos]
                seeds[pos] = 0
                if stones[o] == pos:
                    stones[o] = OFF
                    taken[2 * k + o] += 1
        nx = (pos + d) % 10
        if (pcs(seeds, stones, pos) > 1 and pcs(seeds, stones, nx) > 0):
            h = nx
            continue
        return pos


def pcs(seeds, stones, i):
    return seeds[i] + (stones[0] == i) + (stones[1] == i)


def capture(seeds, stones, stores, taken, h, d, mover):
    """The capture line after a sowing that ended in hole h."""
    pc = [pcs(seeds, stones, i) for i in range(10)]
    n1, n2 = (h + d) % 10, (h + 2 * d) % 10
    if not (pc[h] > 1 and pc[n1] == 0 and pc[n2] > 0):
        return
    line = [n2]
    got = {n2}
    x = (n2 + d) % 10
    while x not in got:
        nxt, prv = (x + d) % 10, (x - d) % 10
        if (pc[x] == 0 and pc[nxt] > 0) or (pc[x] > 0 and pc[prv] == 0):
            line.append(x)
            got.add(x)
            x = nxt
        else:
            break
    for x in line:
        stores[mover] += seeds[x]
        seeds[x] = 0
        for k in (0, 1):
            if stones[k] == x:
                stones[k] = OFF
                taken[2 * mover + k] += 1


class State:
    __slots__ = ("seeds", "stones", "stores", "taken", "turn", "dirfix",
                 "phase", "over")

    def __init__(self, seeds, stones, stores, taken, turn, dirfix, phase):
        self.seeds = seeds
        self.stones = stones
        self.stores = stores
        self.taken = taken
        self.turn = turn
        self.dirfix = dirfix
        self.phase = phase
        self.over = False

    @staticmethod
    def start():
        return State((5,) * 10, (UNPLACED, UNPLACED), (0, 0), (0, 0, 0, 0),
                     SOUTH, None, "mark")

    def key(self):
        return (self.seeds, self.stones, self.stores, self.taken, self.turn,
                self.dirfix)

    def row_empty(self, p):
        return all(pcs(self.seeds, self.stones, i) == 0 for i in ROW[p])

    def legal(self, opts):
        """List of (token, child State); a child whose rows end the game
        has over = True."""
        out = []
        if self.phase == "mark":
            for i in ROW[self.turn]:
                st = list(self.stones)
                st[self.turn] = i
                ph = "mark" if self.turn == SOUTH else "play"
                out.append(("mark:%d" % (i + 1),
                            State(self.seeds, tuple(st), self.stores,
                                  self.taken, 1 - self.turn, None, ph)))
            return out
        holes = ROW[self.turn] if opts.own_row else range(10)
        dirs = (CW, CCW) if self.dirfix is None else (self.dirfix,)
        for i in holes:
            if pcs(self.seeds, self.stones, i) == 0:
                continue
            for d in dirs:
                seeds, stones = list(self.seeds), list(self.stones)
                stores, taken = list(self.stores), list(self.taken)
                end = sow(seeds, stones, stores, taken, i, d, opts.last)
                if end is None:
                    continue
                capture(seeds, stones, stores, taken, end, d, self.turn)
                if self.dirfix is None:
                    tok = "%d%s" % (i + 1, "cw" if d == CW else "ccw")
                else:
                    tok = "%d" % (i + 1)
                df = self.dirfix
                if df is None and self.turn == SOUTH:
                    df = d
                c = State(tuple(seeds), tuple(stones), tuple(stores),
                          tuple(taken), 1 - self.turn, df, "play")
                c.over = c.row_empty(SOUTH) or c.row_empty(NORTH)
                out.append((tok, c))
        return out

    def finish(self):
        """End of the game: each takes his own row's seeds. Returns winner."""
        s, st = list(self.seeds), list(self.stores)
        for p in (SOUTH, NORTH):
            for i in ROW[p]:
                st[p] += s[i]
                s[i] = 0
        self.seeds, self.stores, self.over = tuple(s), tuple(st), True
        return "south" if st[0] > st[1] else "north" if st[1] > st[0] else "draw"


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
            if d == depth - 1:
                counts[depth] += len(s.legal(opts))
                return
            for _, c in s.legal(opts):
                rec(c, d + 1)
        finally:
            if k is not None:
                hist[k] -= 1

    rec(State.start(), 0)
    return counts[1:]


def play_random(rng, opts, cap=CAP):
    s = State.start()
    toks = []
    hist = {}
    while True:
        if s.over:
            return toks, s, s.finish()
        if s.phase == "play":
            k = s.key()
            hist[k] = hist.get(k, 0) + 1
            if hist[k] >= 3:
                return toks, s, s.finish()
        lg = s.legal(opts)
        if not lg:
            return toks, s, s.finish()
        if len(toks) >= cap:
            return toks, s, "none"
        tok, s = rng.choice(lg)
        toks.append(tok)


# ---------------------------------------------------------------- selftest

def _pos(cells, stores, stones=(0, 0), turn=SOUTH, dirfix=None):
    st = tuple(h - 1 if h else OFF for h in stones)
    return State(tuple(cells), st, tuple(stores), (0, 0, 0, 0), turn, dirfix,
                 "play")


def selftest():
    o, ol = Opts(), Opts(last=True)
    assert perft(3, o) == [5, 25, 500], perft(3, o)
    s = State.start()
    s = dict(s.legal(o))["mark:3"]
    s = dict(s.legal(o))["mark:8"]
    assert [t for t, _ in s.legal(o)] == [
        "%d%s" % (h, d) for h in range(1, 11) for d in ("cw", "ccw")]
    # fact 2
    s = _pos([1, 0, 2, 3, 0, 0, 0, 0, 0, 1], (20, 23), stones=(1, 3))
    c = dict(s.legal(o))["3ccw"]
    assert c.seeds == (1, 0, 0, 0, 1, 1, 0, 0, 0, 1), c.seeds
    assert c.stores == (20, 26) and c.stones == (0, 3), (c.stores, c.stones)
    assert [t for t, _ in c.legal(o)] == ["1", "4", "5", "6", "10"]
    c = dict(s.legal(ol))["3ccw"]
    assert c.seeds == (1, 0, 0, 4, 1, 0, 0, 0, 0, 1), c.seeds
    assert c.stores == (20, 23) and c.stones == (0, 5), (c.stores, c.stones)
    # fact 3
    s = _pos([2, 0, 1, 2, 0, 1, 0, 3, 0, 2], (19, 20))
    c = dict(s.legal(o))["1ccw"]
    assert c.seeds == (0, 0, 2, 0, 1, 2, 0, 0, 0, 0), c.seeds
    assert c.stores == (25, 20), c.stores
    # a stone dropped on the other stone takes it
    s = _pos([0, 0, 0, 0, 0, 1, 0, 0, 0, 0], (0, 0), stones=(2, 1), dirfix=CW)
    c = dict(s.legal(o))["2"]
    assert c.stones == (0, OFF) and c.taken == (0, 1, 0, 0), c.stones
    # seed conservation over random games
    rng = random.Random(3)
    for opts in (o, ol, Opts(own_row=True)):
        for _ in range(30):
            toks, st, w = play_random(rng, opts)
            assert sum(st.seeds) + sum(st.stores) == 50, (toks, st.seeds)
    print("selftest ok")


def main(argv):
    args = list(argv)
    flags = {}
    for f in ("--own-row", "--last"):
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
                                     ",".join(map(str, st.seeds)), w))
    elif cmd == "selftest":
        selftest()
    else:
        print(__doc__)
        return 2
    print("# time %.2fs" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
