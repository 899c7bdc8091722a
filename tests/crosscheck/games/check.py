#!/usr/bin/env python3
"""Cross-check four built-in games against independent implementations.

katro.py, tsoro.py, misoro.py and engehe.py were written from the games' rules alone,
by people who had not read the variant files or the program. For each
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
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
