#!/usr/bin/env python3
"""Checks endgame database files (mancala solve VARIANT --endgame K)
against this directory's reference implementation, ref.py.

Usage: endgame.py DIR [--max N] [--values N] [--resolve N --count C --bin PATH]
                     [--bound lower|upper] [--variant V] [--option K=V]...

Everything here is independent of the C program: the file is read by its
documented layout (docs/analysis.md, "The files"), the positions are
enumerated and numbered here, the moves and their results are ref.py's,
and each count of seeds is solved here by the documented semantics, with
a formulation of its own: the strongly connected components of the moves
that keep the count (Tarjan), sinks first; a position on no cycle takes
its best move; the positions of a cycle, threshold by threshold from the
highest, are worth t when South can force a way out worth t or more, or
when North cannot force one worth less and the endless play (each player
takes the seeds of his row) is worth t or more.

For every count n up to --max (all the files, by default) it checks the
header (magic, version, holes, n, the number of positions, which must be
C(n + holes - 1, holes - 1) a side, and the file's length) and the CRC-32
of the values; up to --values (default: --max) also that a value is
given exactly where ref.py lists a move, and every value. With
--resolve N, N positions of count --count drawn at random (seeded) are
solved again by `BIN solve --from` (the C program's retrograde solver
over the positions reachable from each, listed in its own hash table),
whose margin must be the file's.

With --bound, the files of that bound (seeds-NN-lower.egdb, -upper) are
checked instead: the header says which, the file holds a distance (16
bits) after each value, and the reference values endless play as the
worst end for South (lower: North takes every seed left) or for North.
Where a distance is given, the bound's side must have a move (his
opponent: every move) that keeps the bound and either ends the count (a
capture, the game's end) or leads to a smaller distance, by ref.py's
moves; where none is, the value must be that worst end. Exit 1 on any
difference.
"""
import argparse
import json
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref  # noqa: E402

HEADER = struct.Struct("<8sIIIIQQ24s128s")
NONE = -128


def compositions(n, holes):
    """Every composition of n into `holes` parts, lexicographic order."""
    if holes == 1:
        yield (n,)
        return
    for c in range(n + 1):
        for rest in compositions(n - c, holes - 1):
            yield (c,) + rest


BOUNDS = {None: 0, "lower": -1, "upper": 1}
NODIST = 0xFFFF


def read(path, n, holes, bound=None):
    """The values (and with a bound the distances) of a file, its problems
    and its variant's words."""
    with open(path, "rb") as f:
        data = f.read()
    magic, version, h, seeds, crc, _shape, per, res, variant = HEADER.unpack_from(data)
    want = math.comb(n + holes - 1, holes - 1)
    size = 2 * want * (3 if bound else 1)
    problems = []
    if magic != b"MCEGDB1\0" or version != 2:
        problems.append("magic or version")
    if h != holes or seeds != n or per != want:
        problems.append(f"holes {h}, seeds {seeds}, positions a side {per} (want {holes}, {n}, {want})")
    if struct.unpack_from("b", res, 4)[0] != BOUNDS[bound]:
        problems.append(f"the header's bound {struct.unpack_from('b', res, 4)[0]} (want {BOUNDS[bound]})")
    if len(data) != HEADER.size + size:
        problems.append(f"length {len(data)} (want {HEADER.size + size})")
    values = struct.unpack_from(f"{2 * want}b", data, HEADER.size) if not problems else ()
    dist = struct.unpack_from(f"<{2 * want}H", data, HEADER.size + 2 * want) if bound and not problems else None
    if not problems and zlib.crc32(data[HEADER.size:]) != crc:
        problems.append("CRC-32")
    return values, dist, problems, variant.rstrip(b"\0").decode()


def state(variant, options, board, to_move):
    return ref.from_json(variant, options, {
        "board": list(board), "stores": [0, 0], "to_move": "north" if to_move else "south",
        "phase": "play", "round": 1, "starter": "south", "removed": 0})


def moves_of(n, holes, variant, options, lower):
    """The positions of n seeds (index: to_move * P + rank): for each, its
    moves, each ("v", value) where it leaves the count (the gain, plus the
    value of `lower[m]` for a position of m < n seeds) or ("p", index);
    its player to move; and the position with each player taking his own
    seeds (the repetition rule's end)."""
    comps = list(compositions(n, holes))
    rank = {c: i for i, c in enumerate(comps)}
    per = len(comps)
    edges, mover, endless = [], [], []
    for tm in (0, 1):
        for c in comps:
            s = state(variant, options, c, tm)
            moves = ref.legal(s) if not s.over else []
            out = []
            for tok in moves:
                t = ref.play(s, tok)
                gain = t.stores[0] - t.stores[1]
                m = sum(t.board)
                if t.over:
                    out.append(("v", gain))
                elif m < n:
                    v = lower[m][t.to_move * len(lower[m]) // 2 + lower_rank(t.board, m, holes)]
                    out.append(("v", gain + v))
                else:
                    out.append(("p", t.to_move * per + rank[tuple(t.board)]))
            edges.append(out)
            mover.append(tm)
            e = s.copy()
            ref._take_own(e)
            endless.append(e.stores[0] - e.stores[1])
    return edges, mover, endless


def solve_count(moves, n, bound=None):
    """Values of every position of n seeds (index: to_move * P + rank), or
    None where no decision is due, from their moves (moves_of). With a
    bound, endless play is the worst end for one side: every seed left to
    his opponent."""
    edges, mover, endless = moves
    if bound:
        endless = [BOUNDS[bound] * n] * len(endless)
    per = len(edges) // 2
    val = [None] * (2 * per)
    for comp in tarjan(edges):
        value_component(comp, edges, mover, endless, val)
    return [None if not edges[i] else val[i] for i in range(2 * per)]


_ranks = {}


def lower_rank(board, m, holes):
    key = (m, holes)
    if key not in _ranks:
        _ranks[key] = {c: i for i, c in enumerate(compositions(m, holes))}
    return _ranks[key][tuple(board)]


def tarjan(edges):
    """Strongly connected components, sinks first (iterative)."""
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
    for root in range(len(edges)):
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, i = work[-1]
            succ = [w for kind, w in edges[v] if kind == "p"]
            if i < len(succ):
                work[-1] = (v, i + 1)
                w = succ[i]
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(comp)
    return comps


def value_component(comp, edges, mover, endless, val):
    inside = set(comp)
    cyclic = len(comp) > 1 or any(k == "p" and w == comp[0] for k, w in edges[comp[0]])
    if not cyclic:
        v = comp[0]
        if edges[v]:
            xs = [w if k == "v" else val[w] for k, w in edges[v]]
            val[v] = max(xs) if mover[v] == 0 else min(xs)
        return
    exits = {v: [w if k == "v" else val[w] for k, w in edges[v] if k == "v" or w not in inside] for v in comp}
    internal = {v: [w for k, w in edges[v] if k == "p" and w in inside] for v in comp}
    thresholds = sorted({x for v in comp for x in exits[v]} | {endless[v] for v in comp}, reverse=True)
    left = set(comp)
    for t in thresholds:
        south = attractor(comp, exits, internal, mover, 0, lambda x: x >= t)
        north = attractor(comp, exits, internal, mover, 1, lambda x: x < t)
        for v in list(left):
            if v in south or (v not in north and endless[v] >= t):
                val[v] = t
                left.discard(v)
        if not left:
            break


def attractor(comp, exits, internal, mover, player, good):
    """Positions from which `player` can force a way out satisfying good(),
    by sweeps to a fixed point."""
    won = set()
    changed = True
    while changed:
        changed = False
        for v in comp:
            if v in won:
                continue
            outs = [good(x) for x in exits[v]] + [w in won for w in internal[v]]
            if (mover[v] == player and any(outs)) or (mover[v] != player and outs and all(outs)):
                won.add(v)
                changed = True
    return won


def check_dist(moves, n, values, dist, bound):
    """The distances of count n (see the module's comment), from its
    positions' moves (moves_of): the number of positions where they fail."""
    edges, mover, _ = moves
    side, sign = (0, 1) if bound == "lower" else (1, -1)
    bad = 0
    for i, out in enumerate(edges):
        if not out:
            continue
        if dist[i] == NODIST:
            if values[i] != BOUNDS[bound] * n:
                print(f"  position {i}: no distance, but the bound {values[i]} is not the worst end")
                bad += 1
            continue
        good = [sign * (w if k == "v" else values[w]) >= sign * values[i] and
                (k == "v" or dist[w] < dist[i]) for k, w in out]
        if not (any(good) if mover[i] == side else all(good)):
            print(f"  position {i}: distance {dist[i]}, but {'no move of' if mover[i] == side else 'a move escapes'} "
                  f"the bound's side keeps {values[i]} and gets nearer")
            bad += 1
    return bad


def resolve(a, options, holes, values):
    """a.resolve positions of count a.count solved again by the C program."""
    rng = random.Random(13)
    comps = list(compositions(a.count, holes))
    per, bad, done = len(comps), 0, 0
    while done < a.resolve:
        i = rng.randrange(2 * per)
        if values[i] == NONE:
            continue
        pos = {"variant": a.variant, "board": list(comps[i % per]), "stores": [0, 0],
               "to_move": "north" if i >= per else "south", "over": False, "phase": "play",
               "round": 1, "starter": "south", "removed": 0,
               "last_mover": "south" if i >= per else "north"}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(pos, f)
        args = [a.bin, "solve", a.variant, "--from", f.name, "--json", "--memory", "8000"]
        for o in a.option:
            args += ["--option", o]
        p = subprocess.run(args, capture_output=True, text=True)
        os.unlink(f.name)
        if p.returncode:
            print(f"  position {i}: solve failed: {p.stderr.strip()}")
            return 1
        out = json.loads(p.stdout)
        same = out["value"]["margin"] == values[i]
        bad += not same
        done += 1
        print(f"  seeds {a.count}, position {i} {pos['board']} {pos['to_move']} to move: the file says "
              f"{values[i]:+d}, solve from it {out['value']['margin']:+d} ({out['positions']} positions listed)"
              f"{'' if same else '  DIFFERENT'}", flush=True)
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--max", type=int, default=None)
    ap.add_argument("--values", type=int, default=None)
    ap.add_argument("--resolve", type=int, default=0)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--bin", default="build/mancala")
    ap.add_argument("--variant", default="oware")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--bound", choices=["lower", "upper"], default=None)
    a = ap.parse_args()
    options = dict(o.split("=", 1) for o in a.option)
    holes = 2 * ref.initial(a.variant, options or None).n
    lower, bad, n = [], 0, 0
    while a.max is None or n <= a.max:
        path = os.path.join(a.dir, f"seeds-{n:02d}{'-' + a.bound if a.bound else ''}.egdb")
        if not os.path.exists(path):
            break
        values, dist, problems, name = read(path, n, holes, a.bound)
        if problems:
            print(f"{path}: {', '.join(problems)}")
            return 1
        vmax = a.values if a.values is not None else a.max
        if vmax is not None and n > vmax:
            print(f"seeds {n:2}: {len(values)} positions (2 x C({n + holes - 1}, {holes - 1})): header, length "
                  f"and CRC-32 agree ({name})")
            lower.append(values if n == a.count else None)
            n += 1
            continue
        moves = moves_of(n, holes, a.variant, options or None, lower)
        mine = solve_count(moves, n, a.bound)
        decisions = sum(1 for x in mine if x is not None)
        differ = [i for i, (x, y) in enumerate(zip(mine, values)) if (NONE if x is None else x) != y]
        print(f"seeds {n:2}: {len(values)} positions (2 x C({n + holes - 1}, {holes - 1})), "
              f"{decisions} with a decision, {len(values) - len(differ)} agree, {len(differ)} differ ({name})")
        for i in differ[:5]:
            print(f"  position {i}: the file says {values[i]}, the reference {mine[i]}")
        bad += len(differ)
        if a.bound:
            wrong = check_dist(moves, n, values, dist, a.bound)
            print(f"  distances: {sum(d != NODIST for d in dist)} given, up to "
                  f"{max([d for d in dist if d != NODIST], default=0)}, {wrong} wrong")
            bad += wrong
        lower.append(list(values))
        n += 1
    if a.resolve and not a.bound:
        bad += resolve(a, options, holes, lower[a.count])
    if n == 0:
        print(f"{a.dir}: no databases")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
