#!/usr/bin/env python3
"""Writes docs/catalogue.md: the built-in games, from their files
(`mancala list --json`: titles, boards, the `about` sections, options)
and from the tests that check them (hand-worked positions, perft tables,
independent references, other programs' test suites).

Usage: catalogue.py --bin PATH [--check] [--out FILE]
  --check  compare with the file instead of writing it: exit status 1,
           and the first difference, when it is out of date
           (`make catalogue` writes it again).
"""

import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def checks():
    """For each game name: the words of the column `checked`."""
    out = {}

    def add(name, what):
        out.setdefault(name, []).append(what)

    posdir = os.path.join(ROOT, "tests", "positions")
    for f in sorted(os.listdir(posdir)):
        if f.endswith(".jsonl"):
            n = sum(1 for line in read("tests/positions/" + f).splitlines() if line.strip())
            add(f[:-6], "%d hand-worked positions" % n)
    depth = {}
    for line in read("tests/perft.txt").splitlines():
        w = line.split()
        if len(w) == 3 and not line.startswith("#"):
            depth[w[0]] = max(depth.get(w[0], 0), int(w[1]))
    for name, d in depth.items():
        add(name, "perft to %d" % d)
    # the independent references: the rules-page games (ref.py) and the
    # games of tests/crosscheck/games (check.py's configurations)
    ref = read("tests/crosscheck/ref.py")
    m = re.search(r"^VARIANTS = \{(.*?)^\}", ref, re.S | re.M)
    for name in re.findall(r'^    "([a-z0-9-]+)": dict', m.group(1) if m else "", re.M):
        add(name, "independent reference (ref.py)")
    games = read("tests/crosscheck/games/check.py")
    seen = set()
    for script, name in re.findall(r'\("([a-z]+\.py)", \[[^]]*\], "([a-z0-9-]+)"', games):
        if name not in seen:
            add(name, "independent reference (%s)" % script)
            seen.add(name)
    if "def check_bao" in games:
        add("bao", "independent reference (bao.py)")
    ext = os.path.join(ROOT, "tests", "external")
    for f in sorted(os.listdir(ext)):
        m = re.match(r"(everyboard|mancalagames)-([a-z0-9-]+?)(-alternatives)?\.jsonl?$", f)
        if m:
            name = {"awale": "oware"}.get(m.group(2), m.group(2))
            who = "EveryBoard" if m.group(1) == "everyboard" else "MancalaGames"
            what = "%s' tests" % who if who.endswith("s") else "%s's tests" % who
            if what not in out.get(name, []):
                add(name, what)
    # the other programs (tests/crosscheck/results.tsv, written by the
    # harnesses' --record)
    words = {"agree": "agrees", "explained": "differs, explained: %s",
             "disagree": "DIFFERS, not yet explained", "not-comparable": "not comparable (%s)"}
    for game, prog, res, detail in results():
        if res in words:
            text = words[res]
            # a further comparison of the same file with another of the
            # program's games: "GAME/THEIRS" (mancalagames.py's EXTRA)
            game, _, theirs = game.partition("/")
            who = "%s (%s)" % (prog, theirs) if theirs else prog
            add(game, "%s: %s" % (who, text % detail if "%s" in text else text))
    return out


def results():
    """The lines of tests/crosscheck/results.tsv: (game, program, result,
    detail)."""
    out = []
    for line in read("tests/crosscheck/results.tsv").splitlines():
        w = line.split("\t")
        if len(w) == 4 and not line.startswith("#"):
            out.append(tuple(w))
    return out


def cell(s):
    return (s or "").replace("|", "\\|").replace("\n", " ").strip()


def render(games, checked):
    rows = {}
    for g in games:
        rows[g["rows"]] = rows.get(g["rows"], 0) + 1
    counts = ", ".join("%d with %d row%s" % (n, r, "" if r == 1 else "s") for r, n in sorted(rows.items()))
    lines = [
        "# The catalogue",
        "",
        "The games built into `mancala`, made by `make catalogue` from their",
        "files in [`variants/`](../variants/) (`mancala list --json`) and from",
        "the tests that check them; do not edit it by hand (`make test` fails",
        "when it is out of date). `mancala show NAME` prints a game's rules,",
        "sources and readings; `mancala list --rows 4`, `--region`, `--feature`",
        "and `--search` find games. The games not written yet, and what they",
        "need, are in [catalogue-todo.md](catalogue-todo.md).",
        "",
        "%d games: %s." % (len(games), counts),
        "",
    ]
    partial = [g["name"] for g in games if g.get("gaps")]
    if partial:
        lines += ["%d of them are partial readings: their files say what of the sources they do "
                  "not play (`about.gaps`, marked **partial** below; `mancala list --feature "
                  "partial`)." % len(partial), ""]
    tally = {}
    for _, prog, res, _ in results():
        tally.setdefault(prog, {}).setdefault(res, 0)
        tally[prog][res] += 1
    for prog, t in sorted(tally.items()):
        lines += ["Against %s (random games played in both, compared move by move; "
                  "tests/crosscheck/README.md): %d agree, %d differ where the sources are read "
                  "differently (explained), %d differ unexplained, %d not comparable." % (
                      prog, t.get("agree", 0), t.get("explained", 0), t.get("disagree", 0),
                      t.get("not-comparable", 0)), ""]
    lines += [
        "| game | board | played | sources | options | checked |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for g in games:
        title = "[%s](../variants/%s.yaml) (`%s`%s)" % (
            cell(g["title"]), g["name"], g["name"],
            "; also " + ", ".join(cell(n) for n in g["names"]) if g["names"] else "")
        board = "%dx%d, %d seeds" % (g["rows"], g["holes"], g["seeds"])
        if g.get("players", 2) > 2:
            board += ", %d players" % g["players"]
        src = list(g["sources"])
        if g["ludii"]:
            src.append("Ludii: " + g["ludii"])
        if g["mancalagames"]:
            src.append("MancalaGames: " + g["mancalagames"])
        opts = ", ".join("`%s`" % o for o in g["options"])
        check = checked.get(g["name"], [])
        if g.get("gaps"):
            check = ["**partial**: not played: " + cell(g["gaps"])] + check
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            title, board, cell(g["region"]), "; ".join(cell(s).rstrip(".") for s in src), opts,
            "; ".join(check)))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "catalogue.md"))
    a = ap.parse_args()
    r = subprocess.run([a.bin, "list", "--json"], capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write("catalogue.py: %s list --json failed: %s" % (a.bin, r.stderr))
        return 1
    games = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    text = render(games, checks())
    if not a.check:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
        print("catalogue.py: wrote %s (%d games)" % (a.out, len(games)))
        return 0
    old = read(os.path.relpath(a.out, ROOT)) if os.path.exists(a.out) else ""
    if old == text:
        print("catalogue.py: %s is up to date (%d games)" % (os.path.relpath(a.out, ROOT), len(games)))
        return 0
    ol, nl = old.splitlines(), text.splitlines()
    for i in range(max(len(ol), len(nl))):
        if i >= len(ol) or i >= len(nl) or ol[i] != nl[i]:
            print("catalogue.py: %s is out of date (run `make catalogue`); line %d:\n  file: %s\n  now:  %s" % (
                os.path.relpath(a.out, ROOT), i + 1, ol[i] if i < len(ol) else "(none)",
                nl[i] if i < len(nl) else "(none)"))
            break
    return 1


if __name__ == "__main__":
    sys.exit(main())
