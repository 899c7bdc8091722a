#!/usr/bin/env python3
"""Independent reference implementation of Ceelkoqyuqkoqiji (two-row sowing
game with two large stones and stores on the ring).

Written from the rules text of the cross-check brief alone (no variant file,
no interpreter source, no test position read).

BOARD
  2W+2 places on a ring (W = 5, or 7 with --holes 7), indexed 0..2W+1 in
  counterclockwise order:
      index 0..W-1     = holes 1..W (South's row, left to right),
      index W          = South's store,
      index W+1..2W    = holes W+1..2W (North's row),
      index 2W+1       = North's store.
  ccw steps +1, cw steps -1 (mod 2W+2).  Each hole starts with W counters,
  the stores with 0.  cnt[i] = counters at ring index i (stores included).
  Two stones, small (k=0) and large (k=1); a stone's location is a ring index,
  or TAKEN[p] (-1 = taken by South, -2 = taken by North).  At the start small
  lies in South's store and large in North's store.

DECISIONS
  lot:south, lot:north (who moves first; not a sowing decision), then
  `Hcw`/`Hccw` for each hole H of the mover's row holding counters or a
  stone, ascending H, cw before ccw, leaving out endless moves.
  A move is a sequence of laps: lift (a hole: its counters and stones; a
  store: its stones only), drop one piece per place from the next place on
  (stones first, small before large, then counters; --last: counters first,
  then the stones), last piece at L; if A = next(L) is full (a stone lies in
  it, or it is a hole with counters) the next lap starts from A.  A lap-start
  state (all counters, both stone locations, place to lift) that repeats
  makes the move endless (illegal).  Then the capture line from
  B = next(next(L)) (see capture()).

TURN START / END (after each move; the other player is to move)
  1. his holes hold no counter and his store none: the game ends, the player
     who just moved takes every hole's counters;
  2. else if his holes hold no counter: huelshe (one counter from his store
     into each of his holes in order while the store lasts);
  then the position (all counters, stone locations, side to move) is counted
  (also right after the lot); its 3rd occurrence ends the game, each player
  taking his own row's counters;
  3. no legal move (every move endless): the game ends, the other player
     (the one who just moved) takes every hole's counters.
  Winner: more counters in the store (stones do not count).  Finished games
  print holes emptied.

AMBIGUITIES AND HOW THEY WERE DECIDED
  * The repetition count is made before the test for "no legal move" (the
    position is counted as soon as a sowing decision is due, i.e. after the
    refill); a position occurring for the 3rd time ends by repetition even if
    it also has no legal move.  (Irrelevant for perft: both are leaves.)
  * The lot is a decision (counted by perft, printed in TOKENS, counted
    towards the 400-decision cap) but not a position for the repetition
    count; the first position counted is the one after the lot.
  * The cap: a game is stopped ("none") when 400 decisions were made and a
    further decision is due; a game that ends by itself right after its
    400th decision is reported with its real winner.
  * The end-of-game / refill test looks only at counters in the holes of the
    player to move (stones there are ignored, as the brief says); the refill
    puts counters into holes that may hold a stone.
  * Capture line: the stores are places like the holes (a store is full iff
    a stone lies in it); the line may pass stores and the rows of both
    players and may come round the whole ring (stopping at a place already
    in it).  B may be either player's store: taking it gives the mover its
    stones only.  Counters taken from any hole (either row) go to the
    MOVER's store; taken stones go to the mover.
  * A relay from a store lifts only the stones in it; since a store is full
    only while a stone lies in it, a store lap always has a piece to sow.
  * Dropping a stone into a hole or store does nothing by itself (no
    capture by stones).
  * The endless-move state includes the store counters (all counters), as
    the brief says; the direction is fixed for the move.

OBSERVATIONS (consequences of the rules, not choices)
  * No endless move was met: none in 900 random games (W = 5, 5 --last,
    7) nor in 300000 random sparse positions tried while writing this.
    The exact detection is kept all the same.
  * At the start both stones lie in stores, so the first laps lift no stone
    and --last changes nothing before perft depth 5.
"""
import random
import sys
import time

SOUTH, NORTH = 0, 1
PNAME = ("south", "north")
CW, CCW = 0, 1
DNAME = ("cw", "ccw")
TAKEN = (-1, -2)            # TAKEN[player]: a stone held by that player
CAP = 400


class Opts:
    def __init__(self, last=False, holes=5):
        self.last = last
        W = self.W = holes
        N = self.N = 2 * W + 2
        self.STORE = (W, 2 * W + 1)
        self.ROW = (tuple(range(0, W)), tuple(range(W + 1, 2 * W + 1)))
        self.ALL_HOLES = self.ROW[0] + self.ROW[1]
        self.is_hole = tuple(i != W and i != N - 1 for i in range(N))

    def place(self, h):
        return h - 1 if h <= self.W else h

    def hole(self, i):
        return i + 1 if i < self.W else i


def full(o, cnt, st, i):
    """A stone lies at i, or i is a hole holding counters."""
    return st[0] == i or st[1] == i or (o.is_hole[i] and cnt[i] > 0)


def sow(o, cnt, st, start, d, mover):
    """Play the move from ring index start in direction d.  Returns the new
    (cnt, st) lists, or None if the sowing never ends."""
    N = o.N
    step = 1 if d == CCW else -1
    cnt = list(cnt)
    st = list(st)
    seen = set()
    p = start
    while True:
        key = (tuple(cnt), st[0], st[1], p)
        if key in seen:
            return None
        seen.add(key)
        lifted = [k for k in (0, 1) if st[k] == p]
        if o.is_hole[p]:
            n = cnt[p]
            cnt[p] = 0
        else:
            n = 0                       # a store gives its stones only
        pos = p
        for phase in ((1, 0) if o.last else (0, 1)):
            if phase == 0:              # the stones, small before large
                for k in lifted:
                    pos = (pos + step) % N
                    st[k] = pos
            elif n:                     # the counters
                q, r = divmod(n, N)
                if q:
                    for i in range(N):
                        cnt[i] += q
                for j in range(1, r + 1):
                    cnt[(pos + step * j) % N] += 1
                pos = (pos + step * n) % N
        # last piece at pos = L
        a = (pos + step) % N
        if full(o, cnt, st, a):
            p = a
            continue
        break
    capture(o, cnt, st, pos, step, mover)
    return cnt, st


def capture(o, cnt, st, last, step, mover):
    """The capture line after the sowing ended at last (next(last) is not
    full).  All tests on the board before anything is taken."""
    N = o.N
    a = (last + step) % N
    b = (a + step) % N
    if not full(o, cnt, st, b):
        return
    line = [b]
    x = b
    while True:
        x = (x + step) % N
        if x in line:
            break
        fx = full(o, cnt, st, x)
        if fx:
            ok = not full(o, cnt, st, (x - step) % N)
        else:
            ok = full(o, cnt, st, (x + step) % N)
        if not ok:
            break
        line.append(x)
    ms = o.STORE[mover]
    for x in line:
        if o.is_hole[x]:
            cnt[ms] += cnt[x]
            cnt[x] = 0
        for k in (0, 1):
            if st[k] == x:
                st[k] = TAKEN[mover]


class State:
    """cnt: tuple over the ring; st: (small, large) locations; turn; phase
    'lot' or 'play'; over: None or how it ended ('mover' = the player who
    just moved takes all holes, 'rows' = each takes his own row)."""
    __slots__ = ("cnt", "st", "turn", "phase", "over")

    def __init__(self, cnt, st, turn, phase, over=None):
        self.cnt = cnt
        self.st = st
        self.turn = turn
        self.phase = phase
        self.over = over

    @staticmethod
    def start(o):
        cnt = tuple(o.W if o.is_hole[i] else 0 for i in range(o.N))
        return State(cnt, (o.STORE[SOUTH], o.STORE[NORTH]), SOUTH, "lot")

    def key(self):
        return (self.cnt, self.st, self.turn)

    def settle(self, o):
        """Turn start of the player to move: the end, or the huelshe."""
        p = self.turn
        if all(self.cnt[i] == 0 for i in o.ROW[p]):
            s = o.STORE[p]
            if self.cnt[s] == 0:
                self.over = "mover"
            else:
                c = list(self.cnt)
                for i in o.ROW[p]:
                    if c[s] == 0:
                        break
                    c[s] -= 1
                    c[i] += 1
                self.cnt = tuple(c)
        return self

    def legal(self, o):
        """List of (token, child State), children settled."""
        if self.phase == "lot":
            return [("lot:" + PNAME[p],
                     State(self.cnt, self.st, p, "play").settle(o))
                    for p in (SOUTH, NORTH)]
        out = []
        cnt, st = self.cnt, self.st
        for i in o.ROW[self.turn]:
            if cnt[i] == 0 and st[0] != i and st[1] != i:
                continue
            for d in (CW, CCW):
                r = sow(o, cnt, st, i, d, self.turn)
                if r is None:
                    continue
                c = State(tuple(r[0]), tuple(r[1]), 1 - self.turn, "play")
                out.append(("%d%s" % (o.hole(i), DNAME[d]), c.settle(o)))
        return out

    def finish(self, o, how):
        """Collect the holes at the end; returns the winner's name."""
        s = list(self.cnt)
        for p in (SOUTH, NORTH):
            taker = (1 - self.turn) if how == "mover" else p
            for i in o.ROW[p]:
                s[o.STORE[taker]] += s[i]
                s[i] = 0
        self.cnt = tuple(s)
        self.over = how
        a, b = s[o.STORE[SOUTH]], s[o.STORE[NORTH]]
        return "south" if a > b else "north" if b > a else "draw"

    def cells(self, o):
        return [self.cnt[o.place(h)] for h in range(1, 2 * o.W + 1)]


def perft(depth, o):
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
            for _, c in s.legal(o):
                rec(c, d + 1)
        finally:
            if k is not None:
                hist[k] -= 1

    rec(State.start(o), 0)
    return counts[1:]


def play_random(rng, o, cap=CAP):
    s = State.start(o)
    toks = []
    hist = {}
    while True:
        if s.over:
            return toks, s, s.finish(o, s.over)
        if s.phase == "play":
            k = s.key()
            hist[k] = hist.get(k, 0) + 1
            if hist[k] >= 3:
                return toks, s, s.finish(o, "rows")
        lg = s.legal(o)
        if not lg:
            return toks, s, s.finish(o, "mover")
        if len(toks) >= cap:
            return toks, s, "none"
        tok, s = rng.choice(lg)
        toks.append(tok)


# ---------------------------------------------------------------- selftest

def _pos(o, cells, stores, stones, turn=SOUTH):
    """cells: counters of holes 1..2W; stores: (South, North); stones:
    (small, large) each a hole number, 'S'/'N' (that store), or 'tS'/'tN'
    (taken by South/North)."""
    c = [0] * o.N
    for h in range(1, 2 * o.W + 1):
        c[o.place(h)] = cells[h - 1]
    c[o.STORE[SOUTH]], c[o.STORE[NORTH]] = stores
    return State(tuple(c), tuple(_loc(o, x) for x in stones), turn, "play")


def _loc(o, x):
    return {"S": o.STORE[SOUTH], "N": o.STORE[NORTH],
            "tS": TAKEN[SOUTH], "tN": TAKEN[NORTH]}.get(x) if isinstance(
                x, str) else o.place(x)


def _check(o, s, cells, stores, stones, turn, over=None):
    assert s.cells(o) == cells, s.cells(o)
    assert (s.cnt[o.STORE[SOUTH]], s.cnt[o.STORE[NORTH]]) == stores, s.cnt
    assert s.st == tuple(_loc(o, x) for x in stones), s.st
    assert s.turn == turn and s.over == over, (s.turn, s.over)


def selftest():
    o = Opts()
    assert perft(1, o) == [2]
    # 1. relay from a store lifting its large stone (the counters stay),
    #    then a line of captures (hole 8, empty 9, hole 10; the North store
    #    holding small after a full hole stops it), then North's huelshe
    #    from a full store (6 counters: one each into 6..10, 1 left; the
    #    large stone in hole 6 does not count as a counter).
    s = _pos(o, [1, 0, 0, 1, 0, 0, 0, 3, 0, 2], (4, 6), ("N", "S"))
    c = dict(s.legal(o))["4ccw"]
    _check(o, c, [1, 0, 0, 0, 1, 1, 1, 1, 1, 1], (9, 1), ("N", 6), NORTH)
    # 2. capture of a store's stone: B = South's store with small; then the
    #    empty hole 6 before hole 7 (taken), hole 8 after a full hole stops.
    s = _pos(o, [0, 0, 1, 0, 0, 0, 2, 1, 0, 0], (3, 5), ("S", "N"))
    c = dict(s.legal(o))["3ccw"]
    _check(o, c, [0, 0, 0, 1, 0, 0, 0, 1, 0, 0], (5, 5), ("tS", "N"), NORTH)
    lg = dict(c.legal(o))
    assert list(lg) == ["8cw", "8ccw"], list(lg)
    _check(o, lg["8cw"], [0, 0, 0, 1, 0, 0, 1, 0, 0, 0], (5, 5),
           ("tS", "N"), SOUTH)
    #    8ccw: North takes the large stone from his own store.
    _check(o, lg["8ccw"], [0, 0, 0, 1, 0, 0, 0, 0, 1, 0], (5, 5),
           ("tS", "tN"), SOUTH)
    # 3. end of the game: South takes North's last counters (hole 7), North
    #    has no counter in his holes and none in his store: South takes all.
    s = _pos(o, [0, 0, 3, 0, 0, 0, 2, 0, 0, 0], (5, 0), ("tS", "tN"))
    c = dict(s.legal(o))["3ccw"]
    _check(o, c, [0, 0, 0, 1, 1, 0, 0, 0, 0, 0], (8, 0), ("tS", "tN"),
           NORTH, "mover")
    assert c.finish(o, c.over) == "south"
    assert c.cells(o) == [0] * 10 and c.cnt[o.STORE[SOUTH]] == 10
    # 4. huelshe with a short store: North's store 3 after South's move fills
    #    holes 6, 7, 8 (8 holds the large stone) and is left empty.
    s = _pos(o, [0, 2, 0, 0, 0, 0, 0, 0, 0, 0], (5, 2), ("tS", 8))
    c = dict(s.legal(o))["2cw"]
    _check(o, c, [1, 0, 0, 0, 0, 1, 1, 1, 0, 0], (5, 0), ("tS", 8), NORTH)
    # 5. --last: hole 2 holds 2 counters and small; ccw.  Default: small to
    #    hole 3, counters to 4, 5; --last: counters to 3, 4, small to 5.
    #    Both end at hole 5, South's store empty of stones: capture hole 6.
    #    Then North's huelshe (6 -> one each, 1 left).
    ol = Opts(last=True)
    for oo, sm, cells in ((o, 3, [0, 0, 0, 1, 1]), (ol, 5, [0, 0, 1, 1, 0])):
        s = _pos(oo, [0, 2, 0, 0, 0, 3, 0, 0, 0, 0], (4, 6), (2, "N"))
        c = dict(s.legal(oo))["2ccw"]
        _check(oo, c, cells + [1] * 5, (7, 1), (sm, "N"), NORTH)
    # 6. --last with a relay: hole 4 holds 1 counter and small, cw.
    #    Default: small to hole 3, the counter to hole 2 (L = 2); hole 1 is
    #    full (1 counter): relay, its counter into North's store (L); next is
    #    hole 10 (empty): end; B = hole 9 (2 counters) taken; line: 8 empty
    #    before full 7 (in), 7 full after empty 8 (in), 6 full after full 7
    #    stops.  South's store 3.  North keeps a counter in 6: no huelshe.
    #    --last: the counter to hole 3, small to hole 2 (L = 2); the same.
    for oo, cells, sm in ((o, [0, 1, 0, 0, 0], 3), (ol, [0, 0, 1, 0, 0], 2)):
        s = _pos(oo, [1, 0, 0, 1, 0, 1, 1, 0, 2, 0], (0, 0), (4, "tN"))
        c = dict(s.legal(oo))["4cw"]
        _check(oo, c, cells + [1, 0, 0, 0, 0], (3, 1), (sm, "tN"), NORTH)
    # counter conservation over random games
    rng = random.Random(5)
    for oo in (Opts(), Opts(last=True), Opts(holes=7),
               Opts(last=True, holes=7)):
        tot = 2 * oo.W * oo.W
        for _ in range(25):
            toks, st, w = play_random(rng, oo)
            assert sum(st.cnt) == tot, (toks, st.cnt)
            if w != "none":
                assert st.cells(oo) == [0] * (2 * oo.W), (toks, st.cnt)
    print("selftest ok")


def main(argv):
    args = list(argv)
    last = "--last" in args
    while "--last" in args:
        args.remove("--last")
    holes = 5
    if "--holes" in args:
        i = args.index("--holes")
        holes = int(args[i + 1])
        del args[i:i + 2]
    o = Opts(last=last, holes=holes)
    if not args:
        print(__doc__)
        return 2
    cmd = args[0]
    t = time.time()
    if cmd == "perft":
        for d, c in enumerate(perft(int(args[1]), o), 1):
            print(d, c)
    elif cmd == "random":
        rng = random.Random(int(args[2]))
        for _ in range(int(args[1])):
            toks, st, w = play_random(rng, o)
            print("%s | %s | %s" % (" ".join(toks),
                                     ",".join(map(str, st.cells(o))), w))
    elif cmd == "selftest":
        selftest()
    else:
        print(__doc__)
        return 2
    print("# time %.2fs" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
