#!/usr/bin/env python3
"""Independent reference implementation of the mancala games of
docs/rules.md (and of Toguz kumalak, Hawalis and Nchayo, from rules given in
tests/crosscheck/README.md), with the hole numbering, move tokens and JSON position of
docs/positions.md.

Written from the rules alone (not from the C sources or the YAML variant
files), so that it can disagree with the C program.  Standard library only.

API
    initial(variant, options=None) -> state   options: ["KEY=VALUE", ...] or dict
    legal(state)  -> list of tokens, in the contract's fixed order
    play(state, token) -> new state (the old one is not modified)
    to_json(state) -> dict (board, stores, to_move, over, winner, round,
                       phase, removed, owners, totals, moves, ...)
    perft(state, depth) -> int

Internally holes are 0-based (hole number = index + 1); players are
0 = South, 1 = North.
"""

import itertools
import sys

SOUTH, NORTH = 0, 1
NAMES = ("south", "north")

VARIANTS = {
    "bechi": dict(n=4, seeds=6, opts={"match": ("true", "false"),
                                      "capture-opened-only": ("true", "false"),
                                      "max-rounds": "int"}),
    "bechi-2x3": dict(n=3, seeds=6, opts={"match": ("true", "false"),
                                          "capture-opened-only": ("true", "false"),
                                          "max-rounds": "int"}),
    "hufesay": dict(n=6, seeds=4, opts={"last-seed": ("penultimate-capturer", "neutral")}),
    "ba-awa": dict(n=6, seeds=4, opts={"match": ("true", "false"),
                                       "target": "int", "max-rounds": "int"}),
    "bohnenspiel": dict(n=6, seeds=6, opts={"skip-origin": ("false", "true"),
                                            "hemprich": ("false", "true"),
                                            "partie": ("false", "true"),
                                            "max-rounds": "int"}),
    "andada": dict(n=12, seeds=2, opts={"holes": "int", "direction": ("ccw", "cw")}),
    "oware": dict(n=6, seeds=4, opts={"grand-slam": ("nothing", "capture", "illegal")}),
    "kalah": dict(n=6, seeds=4, opts={"capture-empty-opposite": ("false", "true")}),
    # two rows of 9
    "toguz-kumalak": dict(n=9, seeds=9, opts={"ninth-hole-tuzdyk": ("true", "false"),
                                              "stop-at-majority": ("false", "true")}),
    # four rows of 7: internally n = 14 holes a side (South 1..14, North 15..28)
    "hawalis": dict(n=14, seeds=2, opts={"capture-needs-empty": ("false", "true"),
                                         "single-into-occupied": ("false", "true")}),
    # four rows of N (option holes: 5 or 8): internally n = 2N holes a side
    # (South 1..2N, North 2N+1..4N); the "n" here is not used (see initial)
    "nchayo": dict(n=16, seeds=1, opts={"holes": "int", "by-score": ("false", "true")}),
}

DEFAULTS = {
    "bechi": {"match": "true", "capture-opened-only": "true", "max-rounds": "100"},
    "bechi-2x3": {"match": "true", "capture-opened-only": "true", "max-rounds": "100"},
    "hufesay": {"last-seed": "penultimate-capturer"},
    "ba-awa": {"match": "true", "target": "12", "max-rounds": "100"},
    "bohnenspiel": {"skip-origin": "false", "hemprich": "false", "partie": "false",
                    "max-rounds": "100"},
    "andada": {"holes": "12", "direction": "ccw"},
    "oware": {"grand-slam": "nothing"},
    "kalah": {"capture-empty-opposite": "false"},
    "toguz-kumalak": {"ninth-hole-tuzdyk": "true", "stop-at-majority": "false"},
    "hawalis": {"capture-needs-empty": "false", "single-into-occupied": "false"},
    "nchayo": {"holes": "8", "by-score": "false"},
}


class IllegalMove(Exception):
    pass


class State(object):
    __slots__ = ("variant", "opt", "n", "board", "stores", "removed", "to_move",
                 "over", "winner", "phase", "round", "starter", "opened",
                 "out_of_play", "owners", "totals", "last_mover", "hist", "end",
                 "fill_k", "last_end", "tuzdyk", "_cache")

    def copy(self):
        s = State.__new__(State)
        s.variant = self.variant
        s.opt = self.opt
        s.n = self.n
        s.board = self.board[:]
        s.stores = self.stores[:]
        s.removed = self.removed
        s.to_move = self.to_move
        s.over = self.over
        s.winner = self.winner
        s.phase = self.phase
        s.round = self.round
        s.starter = self.starter
        s.opened = set(self.opened)
        s.out_of_play = set(self.out_of_play)
        s.owners = self.owners[:]
        s.totals = self.totals[:]
        s.last_mover = self.last_mover
        s.hist = dict(self.hist)
        s.end = self.end
        s.fill_k = self.fill_k
        s.tuzdyk = set(self.tuzdyk)
        s.last_end = None
        s._cache = None
        return s

    def key(self):
        return (tuple(self.board), tuple(self.stores), self.removed,
                frozenset(self.opened), frozenset(self.out_of_play),
                tuple(self.owners), self.phase, self.round, self.to_move,
                self.fill_k, frozenset(self.tuzdyk))


# ---------------------------------------------------------------- helpers

def _parse_options(variant, options):
    if variant not in VARIANTS:
        raise ValueError("unknown variant %r" % variant)
    opt = dict(DEFAULTS[variant])
    if options is None:
        options = []
    if isinstance(options, dict):
        items = list(options.items())
    else:
        items = []
        for o in options:
            if "=" not in o:
                raise ValueError("option %r is not KEY=VALUE" % o)
            k, v = o.split("=", 1)
            items.append((k, v))
    spec = VARIANTS[variant]["opts"]
    for k, v in items:
        if k not in spec:
            raise ValueError("variant %s has no option %r" % (variant, k))
        if spec[k] == "int":
            int(v)
        elif v not in spec[k]:
            raise ValueError("option %s: bad value %r" % (k, v))
        opt[k] = v
    if variant == "andada" and int(opt["holes"]) not in (12, 15, 18, 21, 24):
        raise ValueError("andada holes must be 12, 15, 18, 21 or 24")
    if variant == "nchayo" and int(opt["holes"]) not in (5, 8):
        raise ValueError("nchayo holes must be 5 or 8")
    if variant == "ba-awa" and not 7 <= int(opt["target"]) <= 12:
        raise ValueError("ba-awa target must be 7..12")
    return opt


def _row(s, i):
    return SOUTH if i < s.n else NORTH


def _row_holes(s, p):
    return range(0, s.n) if p == SOUTH else range(s.n, 2 * s.n)


def _owned_holes(s, p):
    if s.variant in ("ba-awa", "toguz-kumalak"):
        return [i for i in range(2 * s.n) if s.owners[i] == p]
    return list(_row_holes(s, p))


def _opp(s, i):
    return 2 * s.n - 1 - i


def initial(variant, options=None):
    opt = _parse_options(variant, options)
    s = State.__new__(State)
    s.variant = variant
    s.opt = opt
    n = VARIANTS[variant]["n"]
    if variant == "andada":
        n = int(opt["holes"])
    elif variant == "nchayo":
        n = 2 * int(opt["holes"])
    s.n = n
    s.board = [VARIANTS[variant]["seeds"]] * (2 * n)
    s.stores = [0, 0]
    s.removed = 0
    s.to_move = SOUTH
    s.over = False
    s.winner = None
    s.phase = "opening" if variant == "andada" else "play"
    s.round = 1
    s.starter = SOUTH
    s.opened = set()
    s.out_of_play = set()
    s.owners = [SOUTH] * n + [NORTH] * n if variant in ("ba-awa", "toguz-kumalak") else []
    s.tuzdyk = set()
    s.totals = [0, 0]
    s.last_mover = NORTH
    s.hist = {}
    s.end = None
    s.fill_k = 0
    s.last_end = None
    s._cache = None
    s.hist[s.key()] = 1
    return s


# ---------------------------------------------------------------- relay sowing

def _relay(board, h, lap, laps_out=None):
    """Run relay sowing from hole h.  lap(board, h) sows one lap (mutating
    board) and returns the next hole to lift, or -1 when the move ends.
    Returns True when the move ends, False when it is endless (the
    lap-start state (board, hole) repeats; Brent's cycle detection)."""
    power = lam = 1
    saved_b = board[:]
    saved_h = h
    laps = 0
    while True:
        h = lap(board, h)
        laps += 1
        if h < 0:
            if laps_out is not None:
                laps_out.append(laps)
            return True
        if h == saved_h and board == saved_b:
            return False
        if lam == power:
            saved_b = board[:]
            saved_h = h
            power *= 2
            lam = 0
        lam += 1


# ---------------------------------------------------------------- move generation
# _gen(s) returns the legal decisions in the contract's order, as a list of
# (token, description); for relay games the description already holds the
# board after the sowing (endless sowings are left out: they are illegal).
# _play_<variant>(state, description) applies it; play() then does the game
# ends, passes and the repetition rule.  Cached per state.

def _gen(s):
    if s._cache is not None:
        return s._cache
    if s.over:
        res = []
    else:
        res = globals()["_gen_" + s.variant.replace("-", "_").replace("bechi_2x3", "bechi")](s)
    s._cache = res
    return res


# ---- Bechi

def _bechi_step(s, i, d):
    H = 2 * s.n
    while True:
        i = (i + d) % H
        if i not in s.out_of_play:
            return i


def _bechi_dirs(s, i):
    own = i - s.n * _row(s, i) + 1  # 1..N
    if s.n == 4:
        return [-1] if own <= 2 else [1]
    # 2x3
    if own == 1:
        return [-1]
    if own == 3:
        return [1]
    return [-1, 1]


def _gen_bechi(s):
    if s.phase == "fill":
        p = s.to_move
        holes = list(_row_holes(s, p))
        out = []
        for combo in itertools.combinations(holes, s.fill_k):
            tok = "fill:" + ",".join(str(h + 1) for h in combo)
            out.append((tok, ("fill", combo)))
        return out
    p = s.to_move
    out = []
    for i in _row_holes(s, p):
        if i in s.out_of_play or s.board[i] < 2:
            continue
        dirs = _bechi_dirs(s, i)
        for d in dirs:
            if len(dirs) == 1:
                tok = str(i + 1)
            else:
                tok = "%d%s" % (i + 1, "cw" if d < 0 else "ccw")
            out.append((tok, ("sow", i, d)))
    return out


def _play_bechi(s, mv):
    if mv[0] == "fill":
        p = s.to_move
        for h in mv[1]:
            s.board[h] = 6
            s.stores[p] -= 6
        for h in _row_holes(s, p):
            if h not in mv[1]:
                s.out_of_play.add(h)
        s.phase = "play"
        s.fill_k = 0
        s.to_move = s.starter
        s.last_mover = p
        return
    _, i, d = mv
    p = s.to_move
    b = s.board
    seeds = b[i]
    b[i] = 0
    s.opened.add(i)
    b[i] += 1
    seeds -= 1
    pos = i
    while seeds:
        pos = _bechi_step(s, pos, d)
        b[pos] += 1
        seeds -= 1
    only_opened = s.opt["capture-opened-only"] == "true"
    if (not only_opened or pos in s.opened) and b[pos] % 2 == 0:
        taken = set()
        q = pos
        while True:
            if q in taken or (only_opened and q not in s.opened) or b[q] == 0 or b[q] % 2:
                break
            s.stores[p] += b[q]
            b[q] = 0
            taken.add(q)
            q = _bechi_step(s, q, d)
    s.last_mover = p
    s.to_move = 1 - p


# ---- Hufesay

def _gen_ring_relay(s, base, n):
    """The relay sowings of the player to move round the ring of holes
    base..base+n-1 (a lap from h lifts it and sows on in number order; a
    last seed in an occupied hole lifts that hole): moves whose sowing
    ends, each as ("res", board after, last hole)."""
    out = []
    for i in _row_holes(s, s.to_move):
        if s.board[i] == 0:
            continue
        b = s.board[:]
        last = [None]

        def lap(board, h, _last=last):
            seeds = board[h]
            board[h] = 0
            q, r = divmod(seeds, n)
            if q:
                for k in range(base, base + n):
                    board[k] += q
            pos = h
            for _ in range(r):
                pos = base + (pos - base + 1) % n
                board[pos] += 1
            l = base + (h - base + seeds) % n
            _last[0] = l
            return l if board[l] > 1 else -1
        if not _relay(b, i, lap):
            continue
        out.append((str(i + 1), ("res", b, last[0])))
    return out


def _gen_hufesay(s):
    return _gen_ring_relay(s, 0, 2 * s.n)


def _play_hufesay(s, mv):
    _, b, last = mv
    p = s.to_move
    s.board = b[:]
    if _row(s, last) == p and s.board[_opp(s, last)] > 0:
        o = _opp(s, last)
        s.stores[p] += s.board[o]
        s.board[o] = 0
    s.last_mover = p
    s.to_move = 1 - p


# ---- Ba-awa

def _gen_ba_awa(s):
    p = s.to_move
    H = 2 * s.n
    out = []
    for i in range(H):
        if s.owners[i] != p or s.board[i] == 0:
            continue
        b = s.board[:]
        st = s.stores[:]
        owners = s.owners

        def lap(board, h):
            seeds = board[h]
            board[h] = 0
            pos = h
            while seeds:
                pos = (pos + 1) % H
                board[pos] += 1
                seeds -= 1
                if board[pos] == 4:
                    board[pos] = 0
                    if seeds == 0:
                        st[p] += 4
                        return -1
                    st[owners[pos]] += 4
            if board[pos] == 1:
                return -1
            return pos
        if not _relay(b, i, lap):
            continue
        out.append((str(i + 1), ("res", b, st)))
    return out


def _play_ba_awa(s, mv):
    _, b, st = mv
    p = s.to_move
    s.board = b[:]
    s.stores = st[:]
    s.last_mover = p
    s.to_move = 1 - p


# ---- Bohnenspiel

def _gen_bohnenspiel(s):
    p = s.to_move
    return [(str(i + 1), ("sow", i)) for i in _row_holes(s, p) if s.board[i] > 0]


def _play_bohnenspiel(s, mv):
    i = mv[1]
    p = s.to_move
    H = 2 * s.n
    b = s.board
    seeds = b[i]
    b[i] = 0
    skip = s.opt["skip-origin"] == "true"
    pos = i
    while seeds:
        pos = (pos + 1) % H
        if skip and pos == i:
            continue
        b[pos] += 1
        seeds -= 1
    q = pos
    while b[q] in (2, 4, 6):
        s.stores[p] += b[q]
        b[q] = 0
        q = (q - 1) % H
    s.last_mover = p
    s.to_move = 1 - p


# ---- Andada

def _gen_andada(s):
    if s.phase == "opening":
        return [(str(i + 1), ("open", i)) for i in range(s.n)]
    if s.phase == "first":
        return [("first:south", ("first", SOUTH)), ("first:north", ("first", NORTH))]
    p = s.to_move
    H = 2 * s.n
    n = s.n
    d = 1 if s.opt["direction"] == "ccw" else -1
    singles = all(x <= 1 for x in s.board)
    out = []
    for i in _row_holes(s, p):
        if s.board[i] == 0:
            continue
        b = s.board[:]
        info = [None, 0]  # last hole (None: no landing hole), seeds removed

        if singles:
            def lap(board, h, _info=info):
                seeds = board[h]
                board[h] = 0
                pos = h
                while seeds:
                    nxt = (pos + d) % H
                    if (nxt < n) != (pos < n):
                        # sown past the end of a row: this seed and the rest
                        # in hand leave the game; no landing hole
                        _info[1] += seeds
                        _info[0] = None
                        return -1
                    pos = nxt
                    board[pos] += 1
                    seeds -= 1
                _info[0] = pos
                return pos if board[pos] > 1 else -1
        else:
            def lap(board, h, _info=info):
                seeds = board[h]
                board[h] = 0
                q, r = divmod(seeds, H)
                if q:
                    for k in range(H):
                        board[k] += q
                pos = h
                for _ in range(r):
                    pos = (pos + d) % H
                    board[pos] += 1
                l = (h + d * seeds) % H
                _info[0] = l
                return l if board[l] > 1 else -1
        if not _relay(b, i, lap):
            continue
        out.append((str(i + 1), ("res", b, info[0], info[1])))
    return out


def _play_andada(s, mv):
    p = s.to_move
    if mv[0] == "open":
        h = mv[1]
        H = 2 * s.n
        b = s.board
        pos = h
        while True:
            seeds = b[pos]
            b[pos] = 0
            q = pos
            for _ in range(seeds):
                q = (q + 1) % H
                b[q] += 1
            pos = (q + 1) % H
            if pos == h:
                break
        s.phase = "first"
        s.last_mover = p
        s.to_move = NORTH
        return
    if mv[0] == "first":
        s.phase = "play"
        s.last_mover = p
        s.to_move = mv[1]
        return
    _, b, last, gone = mv
    s.board = b[:]
    s.removed += gone
    if last is not None and _row(s, last) == p:
        o = _opp(s, last)
        s.removed += s.board[o]
        s.board[o] = 0
    s.last_mover = p
    s.to_move = 1 - p


# ---- Oware

def _oware_sim(s, i, gs_mode):
    """Returns (board, captured, fed, grand_slam) for sowing hole i."""
    p = s.to_move
    H = 2 * s.n
    b = s.board[:]
    seeds = b[i]
    b[i] = 0
    pos = i
    fed = False
    while seeds:
        pos = (pos + 1) % H
        if pos == i:
            continue
        b[pos] += 1
        seeds -= 1
        if _row(s, pos) != p:
            fed = True
    cap = 0
    q = pos
    chain = []
    while _row(s, q) != p and b[q] in (2, 3):
        chain.append(q)
        q = (q - 1) % H
    grand = False
    if chain:
        left = sum(b[k] for k in _row_holes(s, 1 - p) if k not in chain)
        grand = left == 0
    if chain and (not grand or gs_mode == "capture"):
        for k in chain:
            cap += b[k]
            b[k] = 0
    return b, cap, fed, grand


def _gen_oware(s):
    p = s.to_move
    mode = s.opt["grand-slam"]
    opp_empty = all(s.board[k] == 0 for k in _row_holes(s, 1 - p))
    cands = []
    for i in _row_holes(s, p):
        if s.board[i] == 0:
            continue
        b, cap, fed, grand = _oware_sim(s, i, mode)
        if opp_empty and not fed:
            continue
        cands.append((i, b, cap, grand))
    if mode == "illegal":
        non = [c for c in cands if not c[3]]
        if non:
            cands = non
        else:
            # every move is a grand slam: legal, and capture normally
            new = []
            for (i, b, cap, grand) in cands:
                b2, cap2, _, _ = _oware_sim(s, i, "capture")
                new.append((i, b2, cap2, grand))
            cands = new
    return [(str(i + 1), ("res", b, cap)) for (i, b, cap, grand) in cands]


def _play_oware(s, mv):
    _, b, cap = mv
    p = s.to_move
    s.board = b[:]
    s.stores[p] += cap
    s.last_mover = p
    s.to_move = 1 - p


# ---- Kalah

def _gen_kalah(s):
    p = s.to_move
    return [(str(i + 1), ("sow", i)) for i in _row_holes(s, p) if s.board[i] > 0]


def _play_kalah(s, mv):
    i = mv[1]
    p = s.to_move
    n = s.n
    # track positions: 0..2n-1 holes, 'S' = own store, in sowing order
    track = []
    for k in range(2 * n):
        track.append(k)
        if (p == SOUTH and k == n - 1) or (p == NORTH and k == 2 * n - 1):
            track.append("S")
    idx = track.index(i)
    b = s.board
    seeds = b[i]
    b[i] = 0
    L = len(track)
    pos = idx
    while seeds:
        pos = (pos + 1) % L
        t = track[pos]
        if t == "S":
            s.stores[p] += 1
        else:
            b[t] += 1
        seeds -= 1
    t = track[pos]
    s.last_mover = p
    if t == "S":
        s.to_move = p
        return
    if _row(s, t) == p and b[t] == 1:
        o = _opp(s, t)
        if b[o] > 0 or s.opt["capture-empty-opposite"] == "true":
            s.stores[p] += b[t] + b[o]
            b[t] = 0
            b[o] = 0
    s.to_move = 1 - p


# ---- Toguz kumalak
# Two rows of 9.  A tuzdyk is a hole of one side owned (s.owners) by the
# other player; seeds falling into it go to its owner's store.

def _gen_toguz_kumalak(s):
    p = s.to_move
    return [(str(i + 1), ("sow", i)) for i in _owned_holes(s, p) if s.board[i] > 0]


def _play_toguz_kumalak(s, mv):
    i = mv[1]
    p = s.to_move
    n = s.n
    H = 2 * n
    b = s.board

    def drop(h):
        if h in s.tuzdyk:
            s.stores[s.owners[h]] += 1
        else:
            b[h] += 1
    seeds = b[i]
    b[i] = 0
    if seeds == 1:
        pos = (i + 1) % H
        drop(pos)
    else:
        pos = i
        drop(pos)            # the first seed back into the hole it came from
        seeds -= 1
        while seeds:
            pos = (pos + 1) % H
            drop(pos)
            seeds -= 1
    last = pos
    if last not in s.tuzdyk and _row(s, last) != p:
        if b[last] > 0 and b[last] % 2 == 0:
            s.stores[p] += b[last]
            b[last] = 0
        elif b[last] == 3:
            mine = [t for t in s.tuzdyk if s.owners[t] == p]
            theirs = [t - n * _row(s, t) for t in s.tuzdyk if s.owners[t] != p]
            k = last - n * _row(s, last)          # 0-based position from its owner's left
            if not mine and k not in theirs and \
                    (s.opt["ninth-hole-tuzdyk"] == "true" or k != n - 1):
                s.stores[p] += 3
                b[last] = 0
                s.tuzdyk.add(last)
                s.owners[last] = p
    s.last_mover = p
    s.to_move = 1 - p


# ---- Hawalis
# Four rows of 7; each player sows round his own 14 holes (South 1..14,
# North 15..28, in number order).  Inner rows: South 8..14, North 22..28;
# hole h (1-based) of an inner row faces hole 36 - h.

def _hawalis_next(s, i):
    base = 0 if i < s.n else s.n
    return base + (i - base + 1) % s.n


def _gen_hawalis(s):
    p = s.to_move
    b = s.board
    own = list(_row_holes(s, p))
    small = all(b[h] <= 1 for h in own)
    into_occ = s.opt["single-into-occupied"] == "true"
    out = []
    for h in own:
        if b[h] >= 2 or (b[h] == 1 and small and
                         (into_occ or b[_hawalis_next(s, h)] == 0)):
            out.append((str(h + 1), ("sow", h)))
    return out


def _play_hawalis(s, mv):
    i = mv[1]
    p = s.to_move
    b = s.board
    seeds = b[i]
    b[i] = 0
    pos = i
    while seeds:
        pos = _hawalis_next(s, pos)
        b[pos] += 1
        seeds -= 1
    inner = range(7, 14) if p == SOUTH else range(21, 28)
    o = 34 - pos      # 0-based: hole 36 - h
    if pos in inner and b[o] > 0 and \
            (s.opt["capture-needs-empty"] == "false" or b[pos] == 1):
        s.stores[p] += b[o]
        b[o] = 0
    s.last_mover = p
    s.to_move = 1 - p


# ---- Nchayo
# Four rows of N (N = option holes); s.n = 2N holes a side.  South: outer row
# 1..N, inner row N+1..2N; North: outer row 2N+1..3N, inner row 3N+1..4N.
# Each player sows round his own 2N holes in number order (relay sowing).
# 1-based: inner hole h faces 5N+1-h; behind that facing hole, the outer hole
# of its column is N+h (South's move) or h-3N (North's move).

def _gen_nchayo(s):
    # s.n = 2N: each player's own ring of holes
    return _gen_ring_relay(s, 0 if s.to_move == SOUTH else s.n, s.n)


def _play_nchayo(s, mv):
    _, b, last = mv
    p = s.to_move
    N = s.n // 2
    s.board = b[:]
    h = last + 1                                  # 1-based, now holds 1 seed
    inner = (N + 1 <= h <= 2 * N) if p == SOUTH else (3 * N + 1 <= h <= 4 * N)
    if inner:
        f = 5 * N + 1 - h                         # opponent's inner hole facing
        if s.board[f - 1] > 0:
            behind = N + h if p == SOUTH else h - 3 * N
            s.stores[p] += s.board[f - 1] + s.board[behind - 1]
            s.board[f - 1] = 0
            s.board[behind - 1] = 0
    s.last_mover = p
    s.to_move = 1 - p


# ---------------------------------------------------------------- ends

def _take_own(s):
    """Each player takes the seeds in the holes he owns."""
    for i in range(2 * s.n):
        if s.board[i]:
            who = s.owners[i] if s.variant in ("ba-awa", "toguz-kumalak") else _row(s, i)
            s.stores[who] += s.board[i]
            s.board[i] = 0


def _by_stores(s):
    a, b = s.stores
    return "south" if a > b else "north" if b > a else "draw"


def _own_end(s):
    """The game's own end rule, tested straight after a move.  Returns a
    reason string or None.  Moves seeds as the rule says."""
    v = s.variant
    p = s.last_mover
    if v == "hufesay":
        if sum(s.board) <= 1:
            if s.opt["last-seed"] == "penultimate-capturer":
                s.stores[p] += sum(s.board)
                s.board = [0] * (2 * s.n)
            return "board-nearly-empty"
    elif v == "ba-awa":
        if sum(s.board) <= 8:
            s.stores[s.starter] += sum(s.board)
            s.board = [0] * (2 * s.n)
            return "board-low"
    elif v == "bohnenspiel":
        if s.opt["hemprich"] == "true" and sum(s.board) == 0:
            return "board-empty"
    elif v == "oware":
        if s.stores[0] > 24 or s.stores[1] > 24:
            return "majority"
    elif v == "toguz-kumalak":
        if s.opt["stop-at-majority"] == "true" and max(s.stores) >= 82:
            return "majority"
    elif v == "nchayo":
        se = sum(s.board[:s.n]) == 0
        ne = sum(s.board[s.n:]) == 0
        if se or ne:
            _take_own(s)
            if s.opt["by-score"] == "false":
                # the player whose side is not empty wins, whatever the stores
                s.winner = "draw" if se and ne else "north" if se else "south"
            return "rule"
    elif v == "kalah":
        if all(s.board[k] == 0 for k in range(s.n)) or \
                all(s.board[k] == 0 for k in range(s.n, 2 * s.n)):
            _take_own(s)
            return "row-empty"
    return None


def _no_move(s):
    """The player to move has no legal decision.  Either pass (returns None
    and changes s.to_move) or end the game (returns a reason)."""
    v = s.variant
    p = s.to_move
    if v in ("bechi", "bechi-2x3", "hufesay", "ba-awa") or \
            (v == "bohnenspiel" and s.opt["hemprich"] == "true"):
        s.to_move = 1 - p
        s._cache = None
        if _gen(s):
            return None
        _take_own(s)
        return "no-moves"
    if v == "bohnenspiel":
        s.stores[s.last_mover] += sum(s.board)
        s.board = [0] * (2 * s.n)
        return "no-moves"
    if v == "andada":
        s.winner = NAMES[s.last_mover]
        return "no-moves"
    if v == "toguz-kumalak":
        # the opponent of the player who cannot move takes every seed left
        s.stores[1 - p] += sum(s.board)
        s.board = [0] * (2 * s.n)
        return "no-moves"
    if v == "oware":
        _take_own(s)   # same as "the mover takes all" when the opponent's row is empty
        return "no-moves"
    _take_own(s)
    return "no-moves"


def _repetition_end(s):
    # Global rule: "each player takes the seeds in the holes he owns" --
    # also in Andada (no stores on the board, but the JSON stores hold what
    # each player took); Andada's "the player with more seeds in his row
    # wins, and equal is a draw" is then the comparison of those stores.
    # (An earlier version of this file left Andada's seeds on the board; the
    # C program moves them to the stores, which the global sentence supports.)
    _take_own(s)
    if s.variant == "andada":
        s.winner = _by_stores(s)
    return "repetition"


def _finish(s, reason):
    """The game (or round) has ended for reason.  Decide the winner or set
    up the next round/game of a match."""
    v = s.variant
    s.end = reason
    s.last_end = reason  # kept through the next round's setup (s.end is not)
    if v in ("bechi", "bechi-2x3"):
        if s.opt["match"] == "false":
            s.over = True
            s.winner = _by_stores(s)
            return
        h = s.stores
        if h[0] < 6 or h[1] < 6:
            s.over = True
            s.winner = "north" if h[0] < 6 else "south"
            return
        if s.round >= int(s.opt["max-rounds"]):
            s.over = True
            s.winner = _by_stores(s)
            return
        # next round
        n = s.n
        s.round += 1
        s.starter = SOUTH if s.round % 2 == 1 else NORTH
        s.board = [0] * (2 * n)
        s.opened = set()
        s.out_of_play = set()
        s.end = None
        s.last_mover = 1 - s.starter
        if h[0] == h[1]:
            s.board = [6] * (2 * n)
            s.stores = [h[0] - 6 * n, h[1] - 6 * n]
            s.phase = "play"
            s.to_move = s.starter
        else:
            rich = SOUTH if h[0] > h[1] else NORTH
            poor = 1 - rich
            for k in _row_holes(s, rich):
                s.board[k] = 6
            s.stores[rich] -= 6 * n
            k = min(h[poor] // 6, n)
            if k >= n:
                for j in _row_holes(s, poor):
                    s.board[j] = 6
                s.stores[poor] -= 6 * n
                s.phase = "play"
                s.to_move = s.starter
            else:
                s.phase = "fill"
                s.fill_k = k
                s.to_move = poor
        s.hist = {}
        s._cache = None
        s.hist[s.key()] = 1
        return
    if v == "ba-awa":
        if s.opt["match"] == "false":
            s.over = True
            s.winner = _by_stores(s)
            return
        st = s.stores
        ks = [st[0] // 4, st[1] // 4]
        left = 2 * s.n - ks[0] - ks[1]
        if left > 0:
            r0, r1 = st[0] % 4, st[1] % 4
            if r0 > r1 or (r0 == r1 and st[0] > st[1]):
                ks[0] += left
            elif r1 > r0 or (r0 == r1 and st[1] > st[0]):
                ks[1] += left
            else:
                raise AssertionError("ba-awa: cannot give the left-over hole")
        n = s.n
        owners = [SOUTH] * n + [NORTH] * n
        if ks[0] > n:
            for j in range(ks[0] - n):
                owners[n + j] = SOUTH
        elif ks[1] > n:
            for j in range(ks[1] - n):
                owners[j] = NORTH
        s.owners = owners
        T = int(s.opt["target"])
        if ks[0] >= T or ks[1] >= T:
            s.over = True
            s.winner = "south" if ks[0] >= T else "north"
            return
        if s.round >= int(s.opt["max-rounds"]):
            s.over = True
            s.winner = "south" if ks[0] > ks[1] else "north" if ks[1] > ks[0] else "draw"
            return
        s.round += 1
        s.starter = 1 - s.starter
        s.board = [4] * (2 * n)
        s.stores = [0, 0]
        s.to_move = s.starter
        s.last_mover = 1 - s.starter
        s.end = None
        s.hist = {}
        s._cache = None
        s.hist[s.key()] = 1
        return
    if v == "bohnenspiel" and s.opt["partie"] == "true":
        s.totals = [s.totals[0] + s.stores[0], s.totals[1] + s.stores[1]]
        t = s.totals
        if max(t) >= 100 and t[0] != t[1]:
            s.over = True
            s.winner = "south" if t[0] > t[1] else "north"
            return
        if s.round >= int(s.opt["max-rounds"]):
            s.over = True
            s.winner = "south" if t[0] > t[1] else "north" if t[1] > t[0] else "draw"
            return
        s.round += 1
        s.starter = 1 - s.starter
        s.board = [6] * (2 * s.n)
        s.stores = [0, 0]
        s.to_move = s.starter
        s.last_mover = 1 - s.starter
        s.end = None
        s.hist = {}
        s._cache = None
        s.hist[s.key()] = 1
        return
    s.over = True
    if v == "andada":
        return  # winner already decided
    if v == "nchayo" and reason == "rule" and s.opt["by-score"] == "false":
        return  # winner decided by _own_end (the side that is not empty)
    s.winner = _by_stores(s)


# ---------------------------------------------------------------- public API

def legal(s):
    return [tok for tok, _ in _gen(s)]


def play(s, token):
    moves = dict(_gen(s))
    if token not in moves:
        raise IllegalMove("illegal move %r; legal: %s" % (token, " ".join(legal(s))))
    mv = moves[token]
    t = s.copy()
    v = s.variant
    fn = "_play_" + ("bechi" if v.startswith("bechi") else v.replace("-", "_"))
    globals()[fn](t, mv)
    t._cache = None
    reason = None
    if not (v.startswith("bechi") and mv[0] == "fill"):
        reason = _own_end(t)
    if reason is None and not _gen(t):
        reason = _no_move(t)
    if reason is None:
        k = t.key()
        c = t.hist.get(k, 0) + 1
        t.hist[k] = c
        if c >= 3:
            reason = _repetition_end(t)
    if reason is not None:
        _finish(t, reason)
        if t.over:
            # convention at the end of a game: the opponent of the last mover
            t.to_move = 1 - t.last_mover
    t._cache = None
    return t


def to_json(s):
    d = {
        "variant": s.variant,
        "board": s.board[:],
        "stores": s.stores[:],
        "to_move": NAMES[s.to_move],
        "over": s.over,
        "winner": s.winner if s.over else None,
        "phase": s.phase,
        "round": s.round,
        "starter": NAMES[s.starter],
        "removed": s.removed,
        "end": s.end,
    }
    if s.variant.startswith("bechi"):
        d["opened"] = sorted(i + 1 for i in s.opened)
        d["out_of_play"] = sorted(i + 1 for i in s.out_of_play)
    if s.variant == "toguz-kumalak":
        d["tuzdyk"] = sorted(i + 1 for i in s.tuzdyk)
    if s.variant == "ba-awa" or (s.variant == "toguz-kumalak" and
                                 any(o != _row(s, i) for i, o in enumerate(s.owners))):
        d["owners"] = [NAMES[o] for o in s.owners]
    if s.variant in ("ba-awa", "bohnenspiel", "bechi", "bechi-2x3"):
        d["totals"] = s.totals[:]
    d["moves"] = legal(s)
    return d


def perft(s, depth):
    if depth == 0:
        return 1
    if s.over:
        return 0
    if depth == 1:
        return len(_gen(s))
    total = 0
    for tok in legal(s):
        total += perft(play(s, tok), depth - 1)
    return total


def from_json(variant, options, d):
    """A state from a JSON position (docs/positions.md fields; moves and winner are
    ignored).  The repetition count starts afresh at this position."""
    s = initial(variant, options)
    names = {"south": SOUTH, "north": NORTH}
    if len(d["board"]) != 2 * s.n:
        raise ValueError("board: expected %d holes" % (2 * s.n))
    s.board = list(d["board"])
    s.stores = list(d.get("stores", [0, 0]))
    s.to_move = names[d.get("to_move", "south")]
    s.over = bool(d.get("over", False))
    s.phase = d.get("phase", s.phase)
    s.round = d.get("round", 1)
    s.starter = names[d.get("starter", "south")]
    s.last_mover = names[d["last_mover"]] if "last_mover" in d else 1 - s.to_move
    s.removed = d.get("removed", 0)
    s.opened = set(i - 1 for i in d.get("opened", []))
    s.out_of_play = set(i - 1 for i in d.get("out_of_play", []))
    if variant in ("ba-awa", "toguz-kumalak") and "owners" in d:
        s.owners = [names[o] for o in d["owners"]]
    if variant == "toguz-kumalak":
        # owners as written (default: each player owns his row, as
        # docs/positions.md says), also for a tuzdyk given without them
        s.tuzdyk = set(i - 1 for i in d.get("tuzdyk", []))
    if "totals" in d:
        s.totals = list(d["totals"])
    if "fill_count" in d:
        s.fill_k = d["fill_count"]
    elif s.phase == "fill":
        h = d.get("holdings", s.stores)
        s.fill_k = min(h[s.to_move] // 6, s.n)
    s.end = d.get("end")
    s._cache = None
    s.hist = {s.key(): 1}
    return s


def restart(s):
    """The same position with the repetition count started afresh (as when a
    game is continued from a saved JSON position: the position it starts
    from is the first occurrence)."""
    t = s.copy()
    t.hist = {t.key(): 1}
    return t


def replay(variant, tokens, options=None):
    s = initial(variant, options)
    for t in tokens:
        s = play(s, t)
    return s


USAGE = """usage: ref.py perft VARIANT DEPTH [--from POS.json] [--option K=V]...
       ref.py replay VARIANT [--from POS.json] [--option K=V]... MOVE...
"""


def main(argv):
    import json
    if len(argv) < 2 or argv[0] not in ("perft", "replay"):
        sys.stderr.write(USAGE)
        return 2
    cmd, variant = argv[0], argv[1]
    options, rest, from_file = [], [], None
    i = 2
    while i < len(argv):
        if argv[i] in ("--option", "--from") and i + 1 < len(argv):
            if argv[i] == "--option":
                options.append(argv[i + 1])
            else:
                from_file = argv[i + 1]
            i += 2
        else:
            rest.append(argv[i])
            i += 1
    if from_file:
        with open(from_file) as f:
            s = from_json(variant, options, json.load(f))
    else:
        s = initial(variant, options)
    if cmd == "perft":
        for d in range(1, int(rest[0]) + 1):
            print(d, perft(s, d))
        return 0
    for i, t in enumerate(rest):
        try:
            s = play(s, t)
        except IllegalMove as e:
            sys.stderr.write("ref: move %d: %s\n" % (i + 1, e))
            return 1
    print(json.dumps(to_json(s), separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
