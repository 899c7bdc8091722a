#!/usr/bin/env python3
"""Cross-check the C program against the reference implementation ref.py.

For each configuration (variant + options) play N random games with the
reference (seeded, uniform over legal decisions, matches played to their end,
capped at --max-plies decisions), replay each game once with
`BIN replay VARIANT [--option K=V]... TOKEN...`, and compare the final
position.  On a mismatch, find the first diverging ply by binary search over
prefixes (replaying prefixes with the C program) and print it.

Usage: compare.py --games N --seed S [--variant V] --bin PATH [--jobs J]
Exit status 1 on any mismatch.  Last line: "N passed, M failed".
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.setrecursionlimit(20000)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref  # noqa: E402

# (variant, options) configurations; the defaults first.
CONFIGS = [
    ("bechi", []),
    ("bechi", ["capture-opened-only=false"]),
    ("bechi", ["match=false"]),
    ("bechi", ["max-rounds=3"]),
    ("bechi-2x3", []),
    ("bechi-2x3", ["capture-opened-only=false"]),
    ("bechi-2x3", ["match=false"]),
    ("hufesay", []),
    ("hufesay", ["last-seed=neutral"]),
    ("ba-awa", []),
    ("ba-awa", ["target=10"]),
    ("ba-awa", ["target=7"]),
    ("ba-awa", ["match=false"]),
    ("ba-awa", ["max-rounds=2"]),
    ("bohnenspiel", []),
    ("bohnenspiel", ["skip-origin=true"]),
    ("bohnenspiel", ["hemprich=true"]),
    ("bohnenspiel", ["partie=true"]),
    ("bohnenspiel", ["partie=true", "hemprich=true", "skip-origin=true"]),
    ("bohnenspiel", ["partie=true", "max-rounds=2"]),
    ("andada", []),
    ("andada", ["direction=cw"]),
    ("andada", ["holes=15"]),
    ("andada", ["holes=24", "direction=cw"]),
    ("oware", []),
    ("oware", ["grand-slam=capture"]),
    ("oware", ["grand-slam=illegal"]),
    ("kalah", []),
    ("kalah", ["capture-empty-opposite=true"]),
    ("toguz-kumalak", []),
    ("toguz-kumalak", ["ninth-hole-tuzdyk=false"]),
    ("toguz-kumalak", ["stop-at-majority=true"]),
    ("toguz-kumalak", ["ninth-hole-tuzdyk=false", "stop-at-majority=true"]),
    ("hawalis", []),
    ("hawalis", ["capture-needs-empty=true"]),
    ("hawalis", ["single-into-occupied=true"]),
    ("hawalis", ["capture-needs-empty=true", "single-into-occupied=true"]),
    ("nchayo", []),
    ("nchayo", ["holes=5"]),
    ("nchayo", ["by-score=true"]),
    ("nchayo", ["holes=5", "by-score=true"]),
]

# Fields compared when the C program prints them.
FIELDS = ["board", "stores", "to_move", "over", "winner", "phase", "round",
          "removed", "owners", "tuzdyk", "totals", "moves"]


# The C program refuses more than about 255 moves on one command line
# ("mancala: too many arguments"), so a longer game is replayed in chunks of
# CHUNK moves, each chunk continuing with --from the JSON that the previous
# one printed.  The reference generates its games with the repetition count
# restarted at the same boundaries (ref.restart), so both sides play the
# same rules.  With --chunk 0 every game is replayed in one command.
CHUNK = 200
CUTS = 2               # earlier positions compared per game
CYCLE_BUDGET = 4000    # --cycles: positions searched per game
CYCLE_DEPTH = 60       # --cycles: longest path searched (path + loop twice < CHUNK)


def _c_replay1(binpath, variant, options, tokens, from_json=None):
    cmd = [binpath, "replay", variant]
    tmp = None
    if from_json is not None:
        fd, tmp = tempfile.mkstemp(prefix="h3cmp", suffix=".json")
        with os.fdopen(fd, "w") as f:
            f.write(from_json)
        cmd += ["--from", tmp]
    for o in options:
        cmd += ["--option", o]
    cmd += list(tokens)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
    finally:
        if tmp:
            os.unlink(tmp)
    if p.returncode != 0:
        return None, None, "exit %d: %s" % (p.returncode, p.stderr.strip())
    try:
        line = p.stdout.strip().splitlines()[-1]
        return json.loads(line), line, None
    except (ValueError, IndexError) as e:
        return None, None, "unreadable output (%s): %r" % (e, p.stdout[:500])


def c_replay(binpath, variant, options, tokens, start=None):
    """Replay tokens with the C program, from the variant's start or from
    the JSON line start; returns (json, error)."""
    if start is None and (CHUNK <= 0 or len(tokens) <= CHUNK):
        j, _, err = _c_replay1(binpath, variant, options, tokens)
        return j, err
    line = start
    step = CHUNK if CHUNK > 0 else max(1, len(tokens))
    j = None
    for first in range(0, max(1, len(tokens)), step):
        j, line, err = _c_replay1(binpath, variant, options,
                                  tokens[first:first + step], line)
        if j is None:
            return None, "chunk from move %d: %s" % (first + 1, err)
    return j, None


def diff(refj, cj, variant):
    out = []
    for f in FIELDS:
        if variant == "toguz-kumalak" and f in ("owners", "tuzdyk") and \
                (f in cj) != (f in refj):
            # owners is written only when a tuzdyk exists: its presence counts
            out.append((f, refj.get(f), cj.get(f)))
            continue
        if f not in cj:
            continue
        if f not in refj:
            continue
        if f == "totals" and not (variant == "bohnenspiel"):
            continue
        if refj[f] != cj[f]:
            out.append((f, refj[f], cj[f]))
    return out


def _choose(s, rng, policy):
    moves = ref.legal(s)
    if policy == "repeat" and rng.random() < 0.9:
        # prefer decisions that lead back to a position already seen in this
        # round: drives games into the repetition rule
        back = []
        for m in moves:
            t = ref.play(s, m)
            if t.last_end == "repetition" or \
                    (not t.over and t.round == s.round and t.hist.get(t.key(), 0) >= 2):
                back.append(m)
        if back:
            return rng.choice(back)
    return rng.choice(moves)


def random_game(variant, options, rng, max_plies, policy="uniform", start=None,
                prefix=()):
    s = start if start is not None else ref.initial(variant, options)
    tokens = []
    states = [s]
    for mv in prefix:
        if CHUNK > 0 and tokens and len(tokens) % CHUNK == 0:
            s = states[-1] = ref.restart(s)
        tokens.append(mv)
        s = ref.play(s, mv)
        states.append(s)
    while not s.over and len(tokens) < max_plies:
        if CHUNK > 0 and tokens and len(tokens) % CHUNK == 0:
            s = states[-1] = ref.restart(s)
        mv = _choose(s, rng, policy)
        tokens.append(mv)
        s = ref.play(s, mv)
        states.append(s)
    return tokens, states


# ---- perturbed starting positions (--perturb)
# A random mid-game position of the variant (from the C program's own JSON
# after a few random moves) with its seeds redistributed at random (fewer
# seeds on the board, seeds moved between board and stores or out of the
# game, with the totals conserved), to reach endings that random games from
# the start rarely reach: Ba-awa's left-over hole, no-move endings, long
# relay loops, repetitions in sparse positions.

def _split(rng, total, parts):
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    out, prev = [], 0
    for c in cuts + [total]:
        out.append(c - prev)
        prev = c
    return out


def _perturb(d, variant, rng):
    d = dict(d)
    board = list(d["board"])
    H = len(board)
    n = H // 2
    stores = list(d["stores"])
    usable = [i for i in range(H) if (i + 1) not in d.get("out_of_play", [])
              and (i + 1) not in d.get("tuzdyk", [])]   # a tuzdyk stays empty
    if variant.startswith("bechi"):
        B = sum(board)
    elif variant == "andada":
        pool = sum(board) + d.get("removed", 0)
        B = 1 + int((pool - 1) * rng.random() ** 2)
        d["removed"] = pool - B
    else:
        pool = sum(board) + sum(stores)
        lo = {"ba-awa": 9, "hufesay": 2, "kalah": 2, "oware": 1}.get(variant, 1)
        B = lo + int((pool - lo) * rng.random() ** 2)
        rest = pool - B
        if variant == "oware":
            half = pool // 2
            if rest > 2 * half:
                B, rest = pool - 2 * half, 2 * half
            s0 = rng.randint(max(0, rest - half), min(half, rest))
        else:
            s0 = rng.randint(0, rest)
        stores = [s0, rest - s0]
    m = rng.randint(1, len(usable))
    holes = rng.sample(usable, m)
    board = [0] * H
    for h, c in zip(holes, _split(rng, B, m)):
        board[h] = c
    if variant == "kalah" and (sum(board[:n]) == 0 or sum(board[n:]) == 0):
        return None
    d["board"] = board
    d["stores"] = stores
    if "holdings" in d and not variant.startswith("bechi"):
        d["holdings"] = stores
    return d


def perturbed_start(binpath, variant, options, rng):
    for _ in range(100):
        s = ref.initial(variant, options)
        toks = []
        for _ in range(rng.randrange(0, 60)):
            if s.over:
                break
            m = rng.choice(ref.legal(s))
            toks.append(m)
            s = ref.play(s, m)
        if s.over or s.phase != "play":
            continue
        cj, line, err = _c_replay1(binpath, variant, options, toks)
        if cj is None:
            return None, None, "C replay of %s: %s" % (" ".join(toks), err)
        d = _perturb(cj, variant, rng)
        if d is None:
            continue
        st = ref.from_json(variant, options, d)
        if not ref.legal(st):
            continue
        return json.dumps(d, separators=(",", ":")), st, None
    return None, None, "no perturbed position found"


def find_cycle(s, rng, budget=4000, max_depth=60):
    """Depth-first search (random move order) for a sequence of decisions
    from s that comes back to a position already on the path, within the
    same round.  Returns the tokens that play that loop twice (so that the
    position occurs a third time), or None."""
    visited = set()
    path = []
    on_path = {s.key(): 0}
    count = [0]

    def dfs(t, depth):
        if count[0] >= budget or depth >= max_depth:
            return None
        count[0] += 1
        moves = ref.legal(t)
        rng.shuffle(moves)
        for m in moves:
            u = ref.play(t, m)
            if u.over or u.round != t.round:
                continue
            k = u.key()
            if k in on_path:
                loop = path[on_path[k]:] + [m]
                return path + [m] + loop
            if k in visited:
                continue
            visited.add(k)
            path.append(m)
            on_path[k] = len(path)
            r = dfs(u, depth + 1)
            if r is not None:
                return r
            path.pop()
            del on_path[k]
        return None
    return dfs(s, 0)


def agree(binpath, variant, options, tokens, states, k, start=None):
    cj, err = c_replay(binpath, variant, options, tokens[:k], start)
    if cj is None:
        return False, None, err
    d = diff(ref.to_json(states[k]), cj, variant)
    return not d, cj, d


def locate(binpath, variant, options, tokens, states, start=None):
    """Smallest k such that the positions after k tokens differ, assuming
    agreement at 0 (binary search: lo agrees, hi differs)."""
    lo, hi = 0, len(tokens)
    ok0, _, _ = agree(binpath, variant, options, tokens, states, 0, start)
    if not ok0:
        return 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok, _, _ = agree(binpath, variant, options, tokens, states, mid, start)
        if ok:
            lo = mid
        else:
            hi = mid
    # the search assumes that once the two differ they stay different; make
    # sure no earlier position differs (they may agree again later)
    for k in range(1, hi):
        ok, _, _ = agree(binpath, variant, options, tokens, states, k, start)
        if not ok:
            return k
    return hi


def run_one(args):
    global CHUNK, CYCLE_BUDGET, CYCLE_DEPTH, CUTS
    (binpath, variant, options, seed, idx, max_plies, CHUNK, policy, perturb, cycles,
     CYCLE_BUDGET, CYCLE_DEPTH, CUTS) = args
    rng = random.Random("%s|%s|%s|%s|%s|%s|%d" % (seed, policy, perturb, cycles, variant,
                                                  ",".join(options), idx))
    start = st = None
    if perturb:
        start, st, err = perturbed_start(binpath, variant, options, rng)
        if start is None and err.startswith("C replay"):
            return (variant, options, idx, False,
                    "MISMATCH %s %s game %d: %s" % (variant, options, idx, err))
        # (no suitable position found: play this one from the start)
    prefix = ()
    if cycles:
        s0 = st if st is not None else ref.initial(variant, options)
        prefix = find_cycle(s0, rng, CYCLE_BUDGET, CYCLE_DEPTH) or ()
    tokens, states = random_game(variant, options, rng, max_plies, policy, st, prefix)
    # the final position, then CUTS random earlier positions (where the list
    # of legal moves is not empty, so that it is compared too)
    checks = [len(tokens)] + sorted(rng.randrange(0, len(tokens)) for _ in range(CUTS) if tokens)
    for end in checks:
        ok, cj, d = agree(binpath, variant, options, tokens, states, end, start)
        if not ok:
            break
    else:
        return (variant, options, idx, True, len(prefix) > 0)
    if end != len(tokens):
        d = "at ply %d: %s" % (end, d if isinstance(d, str) else
                               "; ".join("%s ref=%s C=%s" % (f, json.dumps(a), json.dumps(b))
                                         for f, a, b in d))
    k = locate(binpath, variant, options, tokens[:end], states, start)
    lines = []
    lines.append("MISMATCH %s %s game %d (%d decisions)" %
                 (variant, " ".join("--option " + o for o in options) or "(defaults)",
                  idx, len(tokens)))
    if start:
        lines.append("  from: %s" % start)
    lines.append("  tokens: %s" % " ".join(tokens))
    if isinstance(d, str):
        lines.append("  differs: %s" % d)
    else:
        for f, a, b in d:
            lines.append("  final %s: ref=%s C=%s" % (f, json.dumps(a), json.dumps(b)))
    if k == 0:
        lines.append("  initial positions differ")
        cj0, err = c_replay(binpath, variant, options, [], start)
        lines.append("  ref: %s" % json.dumps(ref.to_json(states[0]), separators=(",", ":")))
        lines.append("  C  : %s" % (json.dumps(cj0, separators=(",", ":")) if cj0 else err))
    else:
        lines.append("  first divergence after ply %d (token %r)" % (k, tokens[k - 1]))
        lines.append("  prefix: %s" % " ".join(tokens[:k]))
        lines.append("  before: %s" % json.dumps(ref.to_json(states[k - 1]), separators=(",", ":")))
        lines.append("  ref after: %s" % json.dumps(ref.to_json(states[k]), separators=(",", ":")))
        cj2, err = c_replay(binpath, variant, options, tokens[:k], start)
        lines.append("  C   after: %s" % (json.dumps(cj2, separators=(",", ":")) if cj2 else err))
    return (variant, options, idx, False, "\n".join(lines))


def perft_check(binpath, configs, depth):
    """Compare `BIN perft VARIANT DEPTH` with ref.perft for each configuration."""
    failed = 0
    for variant, options in configs:
        cmd = [binpath, "perft", variant, str(depth)]
        for o in options:
            cmd += ["--option", o]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        cnt = {}
        for line in p.stdout.split("\n"):
            parts = line.split()
            if len(parts) == 2 and parts[0].isdigit():
                cnt[int(parts[0])] = int(parts[1])
        s = ref.initial(variant, options)
        mine = [ref.perft(s, d) for d in range(1, depth + 1)]
        theirs = [cnt.get(d) for d in range(1, depth + 1)]
        ok = mine == theirs
        failed += not ok
        print("perft %-12s %-50s %s%s" % (variant, " ".join(options) or "(defaults)",
                                           "ok " if ok else "MISMATCH ",
                                           mine if ok else "ref=%s C=%s %s" % (mine, theirs,
                                                                              p.stderr.strip())))
    print("%d passed, %d failed" % (len(configs) - failed, failed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--variant", action="append", default=None,
                    help="only this variant (repeatable)")
    ap.add_argument("--defaults-only", action="store_true",
                    help="only the default options")
    ap.add_argument("--bin", required=True)
    ap.add_argument("--max-plies", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--policy", choices=("uniform", "repeat"), default="uniform",
                    help="uniform random decisions (default), or 'repeat': "
                         "mostly decisions that return to a position seen before")
    ap.add_argument("--perturb", action="store_true",
                    help="start each game from a perturbed random position "
                         "(replayed with --from)")
    ap.add_argument("--cycles", action="store_true",
                    help="begin each game with a searched-for loop played twice "
                         "(third occurrence of a position: the repetition rule)")
    ap.add_argument("--cycle-budget", type=int, default=CYCLE_BUDGET)
    ap.add_argument("--cycle-depth", type=int, default=CYCLE_DEPTH)
    ap.add_argument("--cuts", type=int, default=CUTS,
                    help="random earlier positions of each game compared too")
    ap.add_argument("--perft", type=int, default=0, metavar="DEPTH",
                    help="instead of games: compare perft 1..DEPTH from the start")
    ap.add_argument("--chunk", type=int, default=CHUNK,
                    help="moves per replay command (0: all in one)")
    args = ap.parse_args()

    configs = [c for c in CONFIGS
               if (args.variant is None or c[0] in args.variant)
               and (not args.defaults_only or not c[1])]
    if not configs:
        sys.stderr.write("compare.py: no configuration selected\n")
        return 2
    if args.perft:
        return perft_check(args.bin, configs, args.perft)
    work = []
    for variant, options in configs:
        for i in range(args.games):
            work.append((args.bin, variant, options, args.seed, i, args.max_plies, args.chunk,
                         args.policy, args.perturb, args.cycles,
                         args.cycle_budget, args.cycle_depth, args.cuts))

    results = []
    if args.jobs > 1:
        import concurrent.futures
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as ex:
            for r in ex.map(run_one, work, chunksize=4):
                results.append(r)
                if not r[3]:
                    print(r[4], flush=True)
    else:
        for w in work:
            r = run_one(w)
            results.append(r)
            if not r[3]:
                print(r[4], flush=True)

    summary = {}
    for variant, options, idx, ok, info in results:
        key = (variant, " ".join(options))
        row = summary.setdefault(key, [0, 0, 0])
        row[0 if ok else 1] += 1
        if ok and info:
            row[2] += 1
    for (variant, opts), (p, f, loops) in summary.items():
        print("%-12s %-55s %5d passed %5d failed%s"
              % (variant, opts or "(defaults)", p, f,
                 " (%d began with a repetition loop)" % loops if args.cycles else ""))
    passed = sum(1 for r in results if r[3])
    failed = len(results) - passed
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
