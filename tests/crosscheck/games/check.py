#!/usr/bin/env python3
"""Cross-check built-in games against independent implementations.

katro.py, tsoro.py, misoro.py, engehe.py, leyla.py, laomuzhu.py,
yucebao.py, lontuholo.py, ceelkoqyuqkoqiji.py and raja.py (three players) were written from the games' rules alone, by
people who had not read the variant files or the program. For each
configuration this script compares perft to a modest depth (the program's
`perft` against the reference's) and replays random games of the reference
with `BIN replay`: every decision must be legal, the game must end on the
last one, with the same winner (and, for Katro, whose end leaves the board
as it is, the same board); a game the reference stopped at its cap of
decisions must not be over here, and its board must be the same.

Usage: check.py --bin PATH [--games N]
Last line: "N passed, M failed"; exit status 1 on any failure.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (reference script, its options, the variant, its options, perft depth,
#  random-game seed, compare the final board)
CONFIGS = [
    ("katro.py", [], "katro", [], 5, 1, True),
    ("katro.py", ["--width", "3"], "katro", ["holes=3"], 6, 2, True),
    ("tsoro.py", [], "tsoro-additional", [], 4, 3, False),
    ("tsoro.py", ["--width", "6", "--extra", "1"], "tsoro-additional", ["holes=6", "extra-holes=1"], 5, 4, False),
    ("misoro.py", [], "misoro-tsoro", ["misoro=left"], 5, 5, False),
    ("misoro.py", ["--width", "6"], "misoro-tsoro", ["misoro=left", "holes=6"], 6, 6, False),
    ("engehe.py", [], "en-gehe", [], 3, 7, True),
    ("engehe.py", ["--holes", "50"], "en-gehe", ["holes=50"], 3, 8, True),
    ("leyla.py", [], "leyla", [], 5, 12, True),
    ("leyla.py", ["--single"], "leyla", ["match=false"], 5, 13, True),
    ("laomuzhu.py", [], "laomuzhu", [], 6, 18, True),
    ("laomuzhu.py", ["--own-row"], "laomuzhu", ["own-row=true"], 6, 19, True),
    ("laomuzhu.py", ["--last"], "laomuzhu", ["stone-order=last"], 6, 20, True),
    ("lontuholo.py", [], "lontu-holo", [], 7, 21, True),
    ("lontuholo.py", ["--left"], "lontu-holo", ["halves=left"], 7, 22, True),
    ("lontuholo.py", ["--no-pass"], "lontu-holo", ["pass-origin=false"], 8, 23, True),
    ("yucebao.py", [], "yucebao", [], 5, 14, True),
    ("yucebao.py", ["--own-row"], "yucebao", ["own-row=true"], 5, 15, True),
    ("yucebao.py", ["--stores"], "yucebao", ["stones-start=stores"], 5, 16, True),
    ("yucebao.py", ["--no-refill"], "yucebao", ["refill=false"], 5, 17, True),
    ("raja.py", [], "raja-pasu-mandiri", [], 8, 24, True),
    ("ceelkoqyuqkoqiji.py", [], "ceelkoqyuqkoqiji", [], 6, 25, True),
    ("ceelkoqyuqkoqiji.py", ["--last"], "ceelkoqyuqkoqiji", ["stone-order=last"], 5, 26, True),
    ("ceelkoqyuqkoqiji.py", ["--holes", "7"], "ceelkoqyuqkoqiji", ["holes=7"], 5, 27, True),
]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def perft_lines(out):
    return [line.split() for line in out.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    passed = failed = 0
    for script, ref_opts, variant, opts, depth, seed, board in CONFIGS:
        ref = [sys.executable, os.path.join(HERE, script)]
        vopts = [x for o in opts for x in ("-o", o)]
        name = "%s %s" % (variant, " ".join(opts))
        want = perft_lines(run(ref + ["perft", str(depth)] + ref_opts).stdout)
        got = perft_lines(run([a.bin, "perft", variant, str(depth)] + vopts).stdout)
        if want and want == got:
            passed += 1
        else:
            failed += 1
            print("FAIL perft %s: reference %s, program %s" % (name, want, got))
        games = run(ref + ["random", str(a.games), str(seed)] + ref_opts).stdout.splitlines()
        bad = 0
        for line in games:
            moves, cells, winner = [x.strip() for x in line.split("|")]
            toks = moves.split()
            r = run([a.bin, "replay", variant] + vopts + toks)
            if r.returncode:
                bad += 1
                print("FAIL %s game: %s" % (name, r.stderr.strip()[:200]))
                continue
            d = json.loads(r.stdout)
            cells_now = ",".join(map(str, d["board"]))
            if winner == "none":   # the reference stopped a game that goes round: not over here either
                same = not d["over"] and cells_now == cells
            else:
                same = d["over"] and (d["winner"] or "none") == winner and (not board or cells_now == cells)
            if not same:
                bad += 1
                print("FAIL %s game ends with %s, winner %s; reference: %s, winner %s" %
                      (name, d["board"], d["winner"], cells, winner))
        if bad or not games:
            failed += 1
        else:
            passed += 1
    p, f = check_bao(a.bin, a.games)
    passed += p
    failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def bao_state(binary, opts, toks):
    """The program's position after the decisions toks (a dict), or None."""
    r = run([binary, "replay", "bao"] + opts + toks)
    return json.loads(r.stdout) if r.returncode == 0 else None


def bao_turns(binary, opts, pos):
    """How many complete turns the program offers at pos (perft 1)."""
    fd = os.path.join(os.environ.get("TMPDIR", "/tmp"), "baocheck.%d.json" % os.getpid())
    with open(fd, "w") as f:
        json.dump(pos, f)
    r = run([binary, "perft", "bao", "1", "--from", fd] + opts)
    os.unlink(fd)
    lines = perft_lines(r.stdout)
    return int(lines[-1][1]) if r.returncode == 0 and lines else -1


def bao_game(binary, opts, game):
    """Replays one game of the reference (bao.py: each turn its recorded
    decisions; a decision with one option is not recorded) with the
    program: each turn's first decision is its opening; the hand's kichwa
    and the stop at the house complete it. At each turn the number of
    complete turns must agree; at the end the board and the winner.
    Returns an error message, or None."""
    toks = []
    pos = bao_state(binary, opts, toks)
    for t, (decs, count) in enumerate(zip(game["turns"], game["counts"])):
        mine = bao_turns(binary, opts, {k: v for k, v in pos.items() if k != "moves"})
        if mine != count:
            return "turn %d: %d complete turns, reference %d (after %s)" % (t + 1, mine, count, " ".join(toks))
        mover = pos["to_move"]
        decs = list(decs)
        first = True
        while True:
            legal = pos["moves"]
            if first and decs and ("place" in decs[0] or "sow" in decs[0]):
                d = decs.pop(0)
                h = d.get("place", d.get("sow"))
                base = ("place:%d" % h) if "place" in d else str(h)
                cands = [base + d["dir"], base] if "dir" in d else [base]
                pick = next((c for c in cands if c in legal), None)
            elif first:
                pick = legal[0] if len(legal) == 1 else None
            else:   # the sowing of the hand: the kichwa, and whether it stops at the house
                k = decs.pop(0)["kichwa"] if decs and "kichwa" in decs[0] else None
                stop = next((d["stop"] for d in decs if "stop" in d), None)
                holes = sorted({m.split("/")[0] for m in legal}, key=lambda m: int(m.rstrip("cw")))
                if k is None:
                    k = int(holes[0].rstrip("cw")) if len(holes) == 1 else None
                ways = [m for m in legal if int(m.split("/")[0].rstrip("cw")) == k]
                chance = any("/" in m for m in ways)
                if chance and stop is not None:
                    decs = [d for d in decs if "stop" not in d]
                pick = next((m for m in ways if ("/" in m) == bool(chance and stop)), None)
            if pick is None:
                return "turn %d: decisions %s not found among %s (after %s)" % (t + 1, decs, legal, " ".join(toks))
            toks.append(pick)
            first = False
            pos = bao_state(binary, opts, toks)
            if pos is None:
                return "turn %d: %s refused" % (t + 1, " ".join(toks))
            if pos["over"] or pos["to_move"] != mover or pos["phase"] != "hand":
                break
        if decs:
            return "turn %d: decisions %s left over (after %s)" % (t + 1, decs, " ".join(toks))
    if game["winner"] == "none":
        return None if not pos["over"] else "the game is over, the reference's goes on"
    if not pos["over"] or (pos["winner"] or "none") != game["winner"] or pos["board"] != game["board"]:
        return "the game ends with %s, winner %s; reference %s, winner %s" % (
            pos["board"], pos["winner"], game["board"], game["winner"])
    return None


def check_bao(binary, games):
    """Bao la Kiswahili against bao.py, with the options both have: perft
    from the start to depth 7 (the namua), and random games (mostly the
    mtaji) replayed turn by turn, every turn's number of complete turns
    compared."""
    configs = [([], [], 9), (["--start=ludii"], ["ludii-start=true"], 10),
               (["--single=literal"], ["single-seeds=literal"], 11)]
    passed = failed = 0
    for ref_opts, opts, seed in configs:
        ref = [sys.executable, os.path.join(HERE, "bao.py")] + ref_opts
        vopts = [x for o in opts for x in ("-o", o)]
        want = perft_lines(run(ref + ["perft", "7"]).stdout)
        got = perft_lines(run([binary, "perft", "bao", "7"] + vopts).stdout)
        if want and want == got:
            passed += 1
        else:
            failed += 1
            print("FAIL perft bao %s: reference %s, program %s" % (" ".join(opts), want, got))
        bad = 0
        lines = run(ref + ["random", str(max(2, games // 3)), str(seed)]).stdout.splitlines()
        for i, line in enumerate(lines):
            why = bao_game(binary, vopts, json.loads(line))
            if why:
                bad += 1
                print("FAIL bao %s game %d: %s" % (" ".join(opts), i + 1, why))
        if bad or not lines:
            failed += 1
        else:
            passed += 1
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
