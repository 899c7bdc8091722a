#!/usr/bin/env python3
"""Independent reference implementation of Bao la Kiswahili (4x8), reading of
Ludii's Bao.lud rules text (de Voogt 1995) disambiguated by the standard
(Bao Society / de Voogt) rules.  See bao-reading.md for the numbered rules (R..).

Hole numbering (external):
              North
   24  23  22  21  20  19  18  17      North outer
   25  26  27  28  29  30  31  32      North inner
   16  15  14  13  12  11  10   9      South inner
    1   2   3   4   5   6   7   8      South outer
              South
Internally: player p (0=South, 1=North) owns circuit indices i = 0..15,
hole = 16*p + i + 1; ccw = i+1, cw = i-1 (mod 16); inner row = i >= 8;
right kichwa (player's view) i = 8 (sows ccw inward), left kichwa i = 15
(sows cw inward); kimbi i = 9, 14; nyumba i = 11.  Global list index
g = 16*p + i (= hole - 1).  Opposite of g is 39 - g.

Commands:  perft N | random N SEED | show-start | selftest
Options (before the command): --start=std|ludii  --takasa-captures=yes|no
                              --single=strict|literal
"""
import sys
import json
import random

CCW, CW = 1, -1
DNAME = {CCW: "ccw", CW: "cw"}
RK, LK, NY = 8, 15, 11          # right kichwa, left kichwa, nyumba (circuit idx)
ENDLESS_START = 60              # start recording lap states after this many laps
LAPMAX = 10000                  # R11: more relay laps than this in one turn = endless


class Rules:
    def __init__(self):
        self.start = "std"            # R2: std = 6/2/2 ; ludii = code's 6/2
        self.takasa_captures = True   # R8.4: captures may occur in relays of a takasa turn
        self.single = "strict"        # R5.4 reading of the single-seed restriction


RULES = Rules()


def hole(p, i):
    return 16 * p + i + 1


class Pos:
    __slots__ = ("b", "res", "alive", "mover", "prev_cap")

    def __init__(self, b, res, alive, mover, prev_cap):
        self.b = b              # list of 32 counts, index = hole-1
        self.res = res          # [south, north] reserve
        self.alive = alive      # [south, north] nyumba never emptied
        self.mover = mover      # 0 south, 1 north
        self.prev_cap = prev_cap  # did the previous turn make a capture

    def copy(self):
        return Pos(self.b[:], self.res[:], self.alive[:], self.mover, self.prev_cap)


def start_pos():
    b = [0] * 32
    for p in (0, 1):
        b[16 * p + NY] = 6
        b[16 * p + NY - 1] = 2          # hole to the nyumba's right (S 11, N 27)
        if RULES.start == "std":
            b[16 * p + NY - 2] = 2      # next one (S 10, N 26)
    return Pos(b, [22, 22], [True, True], 0, False)


def inner_empty(b, p):
    base = 16 * p
    for i in range(8, 16):
        if b[base + i]:
            return False
    return True


def functional_house(b, alive, p):
    return alive[p] and b[16 * p + NY] >= 6


class Leaf:
    __slots__ = ("decs", "b", "res", "alive", "captured", "winner")

    def __init__(self, decs, b, res, alive, captured, winner):
        self.decs, self.b, self.res, self.alive = decs, b, res, alive
        self.captured, self.winner = captured, winner


class Endless(Exception):
    pass


def drop(b, base, i, d, n, first_here):
    """Sow n seeds one by one; if first_here the first seed goes into i itself,
    else into i+d.  Returns circuit index of the last seed."""
    if not first_here:
        i = (i + d) % 16
        n_left = n
    else:
        n_left = n
    # full rounds
    q, r = divmod(n_left, 16)
    if q:
        for k in range(16):
            b[base + k] += q
    if r == 0:
        # last seed fell on the hole before i (in direction d) in the final round
        return (i - d) % 16
    for _ in range(r):
        b[base + i] += 1
        last = i
        i = (i + d) % 16
    return last


def lap_end(out, decs, b, res, alive, p, namua, x, d, captured, laps, seen):
    """Lap-end logic R8 / R9 / R10 (continuation of a turn after a lap whose
    last seed fell at circuit index x, moving in direction d)."""
    q = 1 - p
    base = 16 * p
    while True:
        g = base + x
        if b[g] == 1:                                   # R8.1 empty hole -> end
            out.append(Leaf(decs, b, res, alive, captured, None))
            return
        if x >= 8:
            og = 39 - g
            if b[og] > 0 and (captured or RULES.takasa_captures):   # R8.2 capture
                m = b[og]
                b[og] = 0
                if og == 16 * q + NY:
                    alive[q] = False
                captured = True
                if inner_empty(b, q):                   # R12.1 immediate win
                    out.append(Leaf(decs, b, res, alive, captured, p))
                    return
                if x in (8, 9):
                    k, d = RK, CCW
                elif x in (14, 15):
                    k, d = LK, CW
                else:                                   # R7.3 direction kept
                    k = RK if d == CCW else LK
                x = drop(b, base, k, d, m, True)
                continue
        if namua and x == NY and functional_house(b, alive, p):   # R9
            if not captured:
                out.append(Leaf(decs, b, res, alive, captured, None))
                return
            # decision: stop or continue
            out.append(Leaf(decs + [{"stop": True}], b[:], res, alive[:], captured, None))
            decs = decs + [{"stop": False}]
        # relay R8.3
        n = b[g]
        b[g] = 0
        if x == NY:
            alive[p] = False
        if x >= 8 and (x + d) % 16 < 8 and inner_empty(b, p):   # R12.2 lose mid-sowing
            out.append(Leaf(decs, b, res, alive, captured, q))
            return
        laps += 1
        if laps > ENDLESS_START:
            if laps > LAPMAX:
                raise Endless()
            key = (tuple(b), x, d, captured, alive[0], alive[1])
            if key in seen:
                raise Endless()
            seen.add(key)
        x = drop(b, base, x, d, n, False)


def run_branch(out, decs, b, res, alive, p, namua, x, d, captured):
    """Run a lap-end continuation; a branch that turns out endless is dropped
    (R11)."""
    tmp = []
    try:
        lap_end(tmp, decs, b, res, alive, p, namua, x, d, captured, 0, set())
    except Endless:
        return False
    out.extend(tmp)
    return True


def open_sow(out, decs, pos, p, i, d, placed):
    """Opening takasa/mtaji sowing from circuit index i (seed already placed
    if namua).  Returns leaves into out."""
    b = pos.b[:]
    res = pos.res[:]
    alive = pos.alive[:]
    base = 16 * p
    namua = pos.res[p] > 0
    if placed:
        res[p] -= 1
        b[base + i] += 1
    n = b[base + i]
    b[base + i] = 0
    if i == NY:
        alive[p] = False
    if i >= 8 and (i + d) % 16 < 8 and inner_empty(b, p):
        out.append(Leaf(decs, b, res, alive, False, 1 - p))
        return
    x = drop(b, base, i, d, n, False)
    run_branch(out, decs, b, res, alive, p, namua, x, d, False)


def opening_kichwa_ok(b, p, i, d, namua):
    """From a kichwa, the direction toward the back row (right kichwa cw,
    left kichwa ccw) is restricted:
      namua (R5.6): allowed ONLY IF the kichwa is the only occupied inner hole;
      mtaji (R13.4): allowed only if it is NOT the only occupied inner hole."""
    base = 16 * p
    if not ((i == RK and d == CW) or (i == LK and d == CCW)):
        return True
    only = all(b[base + j] == 0 for j in range(8, 16) if j != i)
    return only if namua else not only


def mtaji_opens(b, p):
    """All (i, d) openings legal by R13.1/R13.4, split into capture/non-capture."""
    base = 16 * p
    caps, non = [], []
    for i in range(16):
        n = b[base + i]
        if n < 2 or n > 15:
            continue
        for d in (CW, CCW):
            if not opening_kichwa_ok(b, p, i, d, False):
                continue
            x = (i + d * n) % 16
            if x >= 8 and b[base + x] > 0 and b[39 - (base + x)] > 0:
                caps.append((i, d, x))
            else:
                non.append((i, d, x))
    return caps, non


def threatened(b, alive, p):
    """R14: inner holes (globals) of player p that the opponent q could
    capture with the first capture of one of q's mtaji capture moves."""
    q = 1 - p
    caps, _ = mtaji_opens(b, q)
    return {39 - (16 * q + x) for (_, _, x) in caps}


def namua_openings(pos):
    """Returns list of (decision, kind, i, d) for the opening choice."""
    b, p = pos.b, pos.mover
    base = 16 * p
    opts = []
    caps = [i for i in range(8, 16) if b[base + i] > 0 and b[39 - base - i] > 0]
    if caps:                                              # R5.1
        for i in caps:
            opts.append(("cap", i, None))
        return opts
    F = NY if functional_house(b, pos.alive, p) else None
    occ = [i for i in range(8, 16) if b[base + i] > 0 and i != F]
    if not occ:
        if F is not None:                                 # R5.5 house only
            for d in (CW, CCW):
                opts.append(("house", F, d))
        return opts
    multi = [i for i in occ if b[base + i] >= 2]
    if RULES.single == "strict":
        T = multi if multi else occ                       # R5.4
    else:
        T = occ if (not multi or F is not None) else multi
    for i in T:
        for d in (CW, CCW):
            if opening_kichwa_ok(b, p, i, d, True):       # R5.6
                opts.append(("tak", i, d))
    return opts


def turns(pos):
    """All complete turns from pos: list of Leaf."""
    p = pos.mover
    q = 1 - p
    base = 16 * p
    out = []
    if inner_empty(pos.b, p) or inner_empty(pos.b, q):
        return out
    if pos.res[p] > 0:
        opts = namua_openings(pos)
        many = len(opts) > 1
        for kind, i, d in opts:
            h = hole(p, i)
            if kind == "cap":
                dec = [{"place": h}] if many else []
                b = pos.b[:]
                res = pos.res[:]
                alive = pos.alive[:]
                res[p] -= 1
                b[base + i] += 1
                og = 39 - (base + i)
                m = b[og]
                b[og] = 0
                if og == 16 * q + NY:
                    alive[q] = False
                if inner_empty(b, q):
                    out.append(Leaf(dec, b, res, alive, True, p))
                    continue
                if i in (8, 9):
                    ks = [(RK, CCW)]
                elif i in (14, 15):
                    ks = [(LK, CW)]
                else:
                    ks = [(RK, CCW), (LK, CW)]            # R7.2 free choice
                for k, kd in ks:
                    b2, al2 = (b[:], alive[:]) if len(ks) > 1 else (b, alive)
                    d2 = dec + ([{"kichwa": hole(p, k)}] if len(ks) > 1 else [])
                    x = drop(b2, base, k, kd, m, True)
                    run_branch(out, d2, b2, res[:], al2, p, True, x, kd, True)
            elif kind == "house":
                dec = [{"place": h, "dir": DNAME[d]}] if many else []
                b = pos.b[:]
                res = pos.res[:]
                res[p] -= 1
                # one placed seed goes in and exactly one seed is sown (R5.5)
                x = (i + d) % 16
                b[base + x] += 1
                run_branch(out, dec, b, res, pos.alive[:], p, True, x, d, False)
            else:
                dec = [{"place": h, "dir": DNAME[d]}] if many else []
                open_sow(out, dec, pos, p, i, d, True)
        return out
    # mtaji stage
    caps, non = mtaji_opens(pos.b, p)
    if caps:
        opts = [(i, d) for (i, d, _) in caps]
    else:
        opts = [(i, d) for (i, d, _) in non]
        if not pos.prev_cap:                              # R14 takasia
            thr = threatened(pos.b, pos.alive, p)
            if thr:
                inner_occ = [j for j in range(8, 16) if pos.b[base + j] > 0]
                inner_multi = [j for j in range(8, 16) if pos.b[base + j] > 1]
                banned = set()
                for j in range(8, 16):
                    g = base + j
                    if g not in thr:
                        continue
                    if j == NY and functional_house(pos.b, pos.alive, p):
                        continue
                    if inner_occ == [j] or inner_multi == [j]:
                        continue
                    banned.add(j)
                opts = [(i, d) for (i, d) in opts if i not in banned]
        inner = [(i, d) for (i, d) in opts if i >= 8]     # R13.3
        if inner:
            opts = inner
    many = len(opts) > 1
    for i, d in opts:
        dec = [{"sow": hole(p, i), "dir": DNAME[d]}] if many else []
        if caps:
            # capture opening: first lap ends in a capture
            b = pos.b[:]
            res = pos.res[:]
            alive = pos.alive[:]
            n = b[base + i]
            b[base + i] = 0
            if i == NY:
                alive[p] = False
            x = drop(b, base, i, d, n, False)
            run_branch(out, dec, b, res, alive, p, False, x, d, True)
        else:
            open_sow(out, dec, pos, p, i, d, False)
    return out


def apply_leaf(pos, leaf):
    return Pos(leaf.b, leaf.res, leaf.alive, 1 - pos.mover, leaf.captured)


def perft(pos, depth):
    if depth == 0:
        return 1
    ls = turns(pos)
    if depth == 1:
        return len(ls)
    tot = 0
    for lf in ls:
        if lf.winner is not None:
            tot += 1 if depth == 1 else 0
            continue
        tot += perft(apply_leaf(pos, lf), depth - 1)
    return tot


def perft_counts(pos, n):
    """counts[d] = number of complete-turn sequences of length d (games that
    ended earlier are not extended)."""
    counts = [0] * (n + 1)

    def rec(ps, d):
        ls = turns(ps)
        counts[d] += len(ls)
        if d == n:
            return
        for lf in ls:
            if lf.winner is None:
                rec(apply_leaf(ps, lf), d + 1)
    rec(pos, 1)
    return counts[1:]


NAMES = {0: "south", 1: "north"}


def play_random(rng, max_turns=2000):
    pos = start_pos()
    hist = []
    counts = []
    winner = "none"
    while len(hist) < max_turns:
        ls = turns(pos)
        counts.append(len(ls))
        if not ls:
            winner = NAMES[1 - pos.mover]               # R12.3 no move -> lose
            break
        lf = ls[rng.randrange(len(ls))]
        hist.append(lf.decs)
        pos = apply_leaf(pos, lf)
        if lf.winner is not None:
            winner = NAMES[lf.winner]
            break
    return {"turns": hist, "counts": counts, "board": pos.b, "reserve": pos.res, "winner": winner}


def show(pos):
    b = pos.b
    rows = [list(range(24, 16, -1)), list(range(25, 33)),
            list(range(16, 8, -1)), list(range(1, 9))]
    s = ["North reserve %d   (nyumba 28 %s)" % (pos.res[1], "alive" if pos.alive[1] else "dead")]
    for k, r in enumerate(rows):
        s.append(" ".join("%3d" % b[h - 1] for h in r))
        if k == 1:
            s.append("-" * 31)
    s.append("South reserve %d   (nyumba 12 %s)" % (pos.res[0], "alive" if pos.alive[0] else "dead"))
    s.append("to move: %s" % NAMES[pos.mover])
    return "\n".join(s)


# ---------------------------------------------------------------- selftest
def mk(holes, res=(0, 0), mover=0, alive=(True, True), prev_cap=True):
    b = [0] * 32
    for h, c in holes.items():
        b[h - 1] = c
    return Pos(b, list(res), list(alive), mover, prev_cap)


def board_of(d):
    return {h + 1: c for h, c in enumerate(d) if c}


def find(ls, decs):
    r = [lf for lf in ls if lf.decs == decs]
    assert len(r) == 1, (decs, [lf.decs for lf in ls])
    return r[0]


def selftest():
    ok = 0

    def check(name, cond, info=""):
        nonlocal ok
        if not cond:
            print("FAIL", name, info)
            sys.exit(1)
        ok += 1
        print("ok  ", name)

    # T1 start position and first turn (takasa, 4 options)
    ps = start_pos()
    ls = turns(ps)
    check("T1 start: 4 turns", len(ls) == 4, [l.decs for l in ls])
    lf = find(ls, [{"place": 10, "dir": "ccw"}])
    # 10 gets 3 seeds -> 11,12,13 : 11=3 (occupied) -> relay 3: 12,13,14 -> 14 empty end
    # wait: 11 had 2 ->3, 12 had 6->7, 13 0->1. last seed at 13, empty -> end
    check("T1 place 10 ccw", board_of(lf.b)[11] == 3 and board_of(lf.b)[12] == 7 and board_of(lf.b)[13] == 1
          and 10 not in board_of(lf.b) and lf.res == [21, 22], board_of(lf.b))

    # T2 namua capture from the middle: South places in 13 (opposite 28 has 4).
    ps = mk({13: 1, 28: 4, 27: 1, 20: 3}, res=(5, 5))
    ls = turns(ps)
    # only capture placement is 13 -> no place decision; kichwa choice 9 or 16
    check("T2 decisions", sorted(json.dumps(l.decs) for l in ls) ==
          sorted([json.dumps([{"kichwa": 9}]), json.dumps([{"kichwa": 16}])]), [l.decs for l in ls])
    l9 = find(ls, [{"kichwa": 9}])
    # 4 seeds from 9 ccw: 9,10,11,12 -> 12 empty -> end
    check("T2 kichwa 9", board_of(l9.b) == {9: 1, 10: 1, 11: 1, 12: 1, 13: 2, 27: 1, 20: 3}, board_of(l9.b))
    l16 = find(ls, [{"kichwa": 16}])
    # 4 seeds from 16 cw: 16,15,14,13 -> 13 had 2 -> 3, occupied; opposite 28 empty
    # not namua-house -> relay 3 from 13 cw: 12,11,10 -> 10 empty end
    check("T2 kichwa 16", board_of(l16.b) == {16: 1, 15: 1, 14: 1, 12: 1, 11: 1, 10: 1, 27: 1, 20: 3},
          board_of(l16.b))

    # T3 namua capture at a kimbi: forced kichwa 9 (nearest), no decision
    ps = mk({10: 1, 31: 2, 30: 1, 17: 2}, res=(5, 5))
    ls = turns(ps)
    check("T3 single forced turn", len(ls) == 1 and ls[0].decs == [], [l.decs for l in ls])
    # 10 ->2, capture 2 from 31, sow from 9 ccw: 9,10 -> 10 has 3, opposite 31 empty -> relay
    # 3 from 10 ccw: 11,12,13 -> 13 empty -> end
    check("T3 result", board_of(ls[0].b) == {9: 1, 11: 1, 12: 1, 13: 1, 30: 1, 17: 2}, board_of(ls[0].b))

    # T4 namua house-only: South's only occupied inner hole is functional nyumba 12 (6)
    ps = mk({12: 6, 3: 4, 29: 0, 28: 2, 20: 1}, res=(5, 5))
    ls = turns(ps)
    check("T4 two turns", sorted(json.dumps(l.decs) for l in ls) ==
          sorted([json.dumps([{"place": 12, "dir": "cw"}]), json.dumps([{"place": 12, "dir": "ccw"}])]),
          [l.decs for l in ls])
    l = find(ls, [{"place": 12, "dir": "ccw"}])
    check("T4 house keeps 6, one seed to 13", board_of(l.b) == {12: 6, 13: 1, 3: 4, 28: 2, 20: 1}
          and l.res == [4, 5] and l.alive[0], board_of(l.b))

    # T5 namua capture relay ending in the functional house -> stop/continue
    # South places in 9 (opp 32 has 2) -> forced kichwa 9, ccw: 9,10 ; 10 had 2 ->3,
    # opposite 31 empty -> relay 3 from 10: 11,12,13 ... design so it ends in 12:
    ps = mk({9: 1, 11: 1, 12: 6, 32: 2, 25: 1}, res=(5, 5))
    # place 9 -> 2; capture 2 from 32; sow from 9: 9(3),10(1) -> 10 empty -> end. Not good.
    ps = mk({9: 1, 10: 1, 12: 6, 32: 2, 25: 1}, res=(5, 5))
    # place 9 ->2, capture 2 (32), sow 9->3, 10->2 : 10 occupied, opp 31 empty -> relay 2: 11,12
    # 12 -> 7, functional house, opp 29 empty -> choice
    ls = turns(ps)
    check("T5 stop/continue", sorted(json.dumps(l.decs) for l in ls) ==
          sorted([json.dumps([{"stop": True}]), json.dumps([{"stop": False}])]), [l.decs for l in ls])
    st = find(ls, [{"stop": True}])
    check("T5 stop", board_of(st.b) == {9: 3, 11: 1, 12: 7, 25: 1} and st.alive[0], board_of(st.b))
    co = find(ls, [{"stop": False}])
    # continue: lift 7 from 12 ccw: 13,14,15,16,1,2,3 -> 3 empty end; house dead
    check("T5 continue", board_of(co.b) == {9: 3, 11: 1, 13: 1, 14: 1, 15: 1, 16: 1, 1: 1, 2: 1, 3: 1, 25: 1}
          and not co.alive[0], board_of(co.b))

    # T6 namua takasa ending in the house stops the turn (no capture so far)
    ps = mk({10: 1, 11: 1, 12: 6, 20: 1, 25: 1}, res=(5, 5))
    # no captures; multi = [] -> singles 10, 11 allowed (R5.4); 4 openings
    ls = turns(ps)
    l = find(ls, [{"place": 10, "dir": "ccw"}])
    # 10 -> 2, sow 11(2), 12(7): last in 12 = functional house, takasa -> stop
    check("T6 takasa stops in house", board_of(l.b) == {11: 2, 12: 7, 20: 1, 25: 1}, board_of(l.b))
    check("T6 option count", len(ls) == 4, [x.decs for x in ls])

    # T7 single-seed restriction (strict): holes 10 (1) and 14 (3): only 14 may receive
    ps = mk({10: 1, 14: 3, 12: 6, 20: 1, 25: 1}, res=(5, 5))
    ls = turns(ps)
    places = sorted({x.decs[0]["place"] for x in ls})
    check("T7 singles excluded", places == [14], places)

    # T8 kichwa restriction in namua: South inner 9 (2), 13 (1), house dead
    ps = mk({9: 2, 13: 1, 20: 1, 30: 1}, res=(5, 5), alive=(False, True))
    ls = turns(ps)
    # only 9 may receive (13 single); 9 cw goes to the back row -> forbidden
    check("T8 kichwa inward only", len(ls) == 1 and ls[0].decs == [] and
          board_of(ls[0].b) == {10: 1, 11: 1, 12: 1, 13: 1, 20: 1, 30: 1}, board_of(ls[0].b))

    # T9 mtaji capture, kichwa chosen by direction (cw -> left kichwa 16)
    ps = mk({14: 2, 12: 1, 29: 3, 25: 1, 20: 2, 3: 1}, mover=0)
    ls = turns(ps)
    check("T9 one capture turn", len(ls) == 1, [x.decs for x in ls])
    # 14 cw: 13,12 -> 12 (2) captures 3 from 29; cw -> kichwa 16: 16,15,14 -> 14 empty, end
    check("T9 result", board_of(ls[0].b) == {13: 1, 12: 2, 16: 1, 15: 1, 14: 1, 25: 1, 20: 2, 3: 1},
          board_of(ls[0].b))
    # T9b ccw -> right kichwa 9
    ps = mk({10: 2, 12: 1, 29: 3, 25: 1, 20: 2, 3: 1}, mover=0)
    ls = turns(ps)
    # 10 ccw: 11,12 -> capture 3; ccw -> kichwa 9: 9,10,11 -> 11 (2) relay: 12 (3), 13 (1) end
    check("T9b result", len(ls) == 1 and board_of(ls[0].b) == {9: 1, 10: 1, 12: 3, 13: 1, 25: 1, 20: 2, 3: 1},
          board_of(ls[0].b) if ls else None)

    # T10 takasa in mtaji: no capture possible, inner-row preference
    ps = mk({3: 5, 10: 2, 13: 1, 20: 2, 25: 1}, mover=0, prev_cap=True)
    ls = turns(ps)
    ds = sorted(json.dumps(x.decs) for x in ls)
    check("T10 inner only", len(ls) == 2 and all(x.decs[0]["sow"] == 10 for x in ls), ds)
    l = find(ls, [{"sow": 10, "dir": "cw"}])
    # 10 cw: 9, 8 -> 8 empty end
    check("T10 cw", board_of(l.b) == {3: 5, 9: 1, 8: 1, 13: 1, 20: 2, 25: 1}, board_of(l.b))

    # T11 takasia: previous North turn captured nothing; South has no capture;
    # North's 26 (2) ccw ends 27,28 -> 28 occupied, opposite 13 occupied: 13 threatened
    ps = mk({13: 3, 10: 2, 3: 1, 26: 2, 28: 1, 20: 1}, mover=0, prev_cap=False)
    caps, _ = mtaji_opens(ps.b, 0)
    ls = turns(ps)
    sows = sorted({x.decs[0]["sow"] for x in ls})
    check("T11 takasia bans 13", not caps and sows == [10], sows)
    ps.prev_cap = True
    ls = turns(ps)
    sows = sorted({x.decs[0]["sow"] for x in ls})
    check("T11b no takasia after a capturing turn", sows == [10, 13], sows)

    # T12 win by emptying the opponent's inner row (29 was North's only inner seed)
    ps = mk({10: 2, 12: 1, 29: 3, 20: 2, 3: 1}, mover=0)
    ls = turns(ps)
    check("T12 south wins", len(ls) == 1 and ls[0].winner == 0, [(x.decs, x.winner) for x in ls])

    # T13 lose mid-sowing from kichwa toward back row in namua (only occupied hole)
    ps = mk({9: 1, 20: 1, 30: 1}, res=(3, 3), alive=(False, True))
    ls = turns(ps)
    w = {json.dumps(x.decs): x.winner for x in ls}
    check("T13", w == {json.dumps([{"place": 9, "dir": "cw"}]): 1,
                       json.dumps([{"place": 9, "dir": "ccw"}]): None}, w)

    # T13b mtaji kichwa rule: 9 (3) is the only occupied inner hole -> only ccw;
    # with 13 (1) also occupied, cw (to the back row) is allowed too
    ps = mk({9: 3, 2: 1, 30: 1, 20: 1}, mover=0)
    ls = turns(ps)
    check("T13b only-occupied kichwa: inward only", len(ls) == 1 and
          board_of(ls[0].b) == {10: 1, 11: 1, 12: 1, 2: 1, 30: 1, 20: 1}, [x.decs for x in ls])
    ps = mk({9: 3, 13: 1, 30: 1, 20: 1}, mover=0)
    ls = turns(ps)
    check("T13c kichwa with other inner seeds: both directions",
          sorted(json.dumps(x.decs) for x in ls) ==
          sorted([json.dumps([{"sow": 9, "dir": "cw"}]), json.dumps([{"sow": 9, "dir": "ccw"}])]),
          [x.decs for x in ls])

    # T14 no move -> loses (mtaji, only singletons)
    ps = mk({10: 1, 12: 1, 20: 1, 30: 1}, mover=0)
    check("T14 no moves", turns(ps) == [])
    print("selftest: %d checks passed" % ok)


def main(argv):
    args = []
    for a in argv:
        if a.startswith("--start="):
            RULES.start = a.split("=", 1)[1]
        elif a.startswith("--takasa-captures="):
            RULES.takasa_captures = a.split("=", 1)[1] == "yes"
        elif a.startswith("--single="):
            RULES.single = a.split("=", 1)[1]
        else:
            args.append(a)
    if not args:
        print(__doc__)
        return
    cmd = args[0]
    if cmd == "perft":
        n = int(args[1])
        for d, c in enumerate(perft_counts(start_pos(), n), 1):
            print(d, c)
            sys.stdout.flush()
    elif cmd == "random":
        n, seed = int(args[1]), int(args[2])
        rng = random.Random(seed)
        for _ in range(n):
            print(json.dumps(play_random(rng), separators=(",", ":")))
    elif cmd == "show-start":
        print(show(start_pos()))
    elif cmd == "selftest":
        selftest()
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
