#!/usr/bin/env python3
"""Checks a file of worked positions against a variant, through the CLI.

    tools/check-positions.py [--bin PATH] [--variant FILE_OR_NAME] CASES.jsonl...

Each line of CASES.jsonl is one case, as tests/test_positions.c reads them:
    {"name": ..., "variant": NAME, "options": {KEY: VALUE, ...},
     "before": POSITION, "moves": [TOKEN, ...],
     "expect": {"after": {FIELD: VALUE, ...}, "legal": [TOKEN, ...],
                "illegal": true}}
`after` lists the fields of the JSON position (docs/positions.md) that
must hold after the moves; `legal` the legal moves there, in the
program's order; `illegal: true` says the last move must be refused.

The variant is the case's `variant`: a built-in name, or, with
--variant, the given file (for a variant file not built in yet). The
program is `mancala replay`, so this checks what `make test` checks,
without a rebuild. Exit status 0 when every case holds, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def options_args(opts):
    out = []
    for k, v in (opts or {}).items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        out += ["--option", "%s=%s" % (k, v)]
    return out


def replay(binary, variant, opts, before, moves):
    """Runs `mancala replay` (from the game's start when `before` is
    "start"); returns (position or None, stderr)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(before, f)
        path = f.name
    try:
        start = [] if before == "start" else ["--from", path]
        cmd = [binary, "replay", variant] + start + options_args(opts)
        cmd += ["--"] if any(str(m).startswith("-") for m in moves) else []
        cmd += [str(m) for m in moves]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return json.loads(r.stdout), r.stderr.strip()


def check_case(binary, variant, case):
    """Returns a list of failure messages (empty: the case holds)."""
    opts = case.get("options")
    before = case["before"]
    moves = case.get("moves", [])
    expect = case.get("expect", {})
    if expect.get("illegal"):
        if not moves:
            return ["expects an illegal move but gives no moves"]
        pos, err = replay(binary, variant, opts, before, moves[:-1])
        if pos is None:
            return ["the moves before the last are refused: " + err]
        if str(moves[-1]) in pos.get("moves", []):
            return ["move %s should be illegal; legal: %s" % (moves[-1], pos["moves"])]
        pos, err = replay(binary, variant, opts, before, moves)
        if pos is not None:
            return ["move %s should be illegal, but it was played" % moves[-1]]
        return []
    pos, err = replay(binary, variant, opts, before, moves)
    if pos is None:
        return [err or "replay failed"]
    fails = []
    if "legal" in expect and pos.get("moves") != expect["legal"]:
        fails.append("legal moves: expected %s, got %s" % (expect["legal"], pos.get("moves")))
    after = expect.get("after")
    if after is None and "board" in expect:
        after = expect
    for k, v in (after or {}).items():
        if k in ("holdings", "fill_count", "derived", "turn", "variant"):
            continue
        if k not in pos:
            if k in ("opened", "out_of_play") and v == []:
                continue
            fails.append("field %s: expected %s, missing" % (k, json.dumps(v)))
        elif pos[k] != v:
            fails.append("field %s: expected %s, got %s" % (k, json.dumps(v), json.dumps(pos[k])))
    return fails


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.environ.get("MANCALA", "build/mancala"))
    ap.add_argument("--variant", help="a variant file (or name) for every case")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    total = failed = 0
    for path in a.files:
        with open(path) as f:
            for lineno, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    case = json.loads(line)
                except ValueError as e:
                    print("%s:%d: not JSON: %s" % (path, lineno, e))
                    failed += 1
                    continue
                total += 1
                variant = a.variant or case.get("variant")
                fails = check_case(a.bin, variant, case)
                if fails:
                    failed += 1
                    for m in fails:
                        print("%s:%d: %s: %s" % (path, lineno, case.get("name", "?"), m))
    print("%d cases, %d failed" % (total, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
