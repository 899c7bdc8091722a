#!/usr/bin/env python3
"""tools/shape.py [FILE...]: the shape of the C sources.

Checks every interpreter/*.c and interpreter/cli/*.c (or the files given):
a file holds at most 800 lines; a function at most 120 lines (the
evaluator's dispatch switch, ex_run, may be longer); in the library's
files (interpreter/*.c) every function has a comment just above it
saying what it is for, or is declared with one in a header.
Prints one line a problem and exits 1 if there is any."""
import glob
import re
import sys

MAX_FILE, MAX_FUNC = 800, 120
LONG_OK = {"ex_run"}              # an evaluator's dispatch switch

# a function definition: its header ends a line with `)` and the next
# line is `{` alone, at the left margin
DEF = re.compile(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")


def header_comments():
    """Names declared in headers right after a comment."""
    names = set()
    for h in glob.glob("interpreter/*.h") + glob.glob("include/*.h"):
        lines = open(h, encoding="utf-8").read().split("\n")
        for i, l in enumerate(lines):
            m = re.match(r"^(?:MC_API\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(", l)
            if m and i > 0:
                j = i - 1
                while j >= 0 and lines[j].strip() == "":
                    j -= 1
                if j >= 0 and (lines[j].rstrip().endswith("*/") or lines[j].lstrip().startswith("/*")):
                    names.add(m.group(1))
                elif j >= 0 and re.match(r"^(?:MC_API\s+)?[A-Za-z_][\w\s\*]*\(", lines[j]):
                    names.add(m.group(1))   # one of a group under one comment
    return names


def functions(path):
    """(name, first line, last line, commented) of each definition."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = DEF.match(lines[i])
        if m and not lines[i].rstrip().endswith(";"):
            start = i
            j = i
            while j < len(lines) and lines[j] != "{":
                if lines[j].rstrip().endswith(";"):
                    break
                j += 1
            if j < len(lines) and lines[j] == "{":
                k = j
                while k < len(lines) and lines[k] != "}":
                    k += 1
                p = start - 1
                commented = p >= 0 and (lines[p].rstrip().endswith("*/") or lines[p].startswith(" *"))
                out.append((m.group(1), start + 1, k + 1, commented))
                i = k
        i += 1
    return out


def main():
    files = sys.argv[1:] or sorted(glob.glob("interpreter/*.c") + glob.glob("interpreter/cli/*.c"))
    declared = header_comments()
    bad = 0
    for f in files:
        n = open(f, encoding="utf-8").read().count("\n")
        if n > MAX_FILE:
            print(f"{f}: {n} lines (at most {MAX_FILE})")
            bad += 1
        for name, a, b, commented in functions(f):
            if b - a + 1 > MAX_FUNC and name not in LONG_OK:
                print(f"{f}:{a}: {name}: {b - a + 1} lines (at most {MAX_FUNC})")
                bad += 1
            if "/cli/" not in f and not commented and name not in declared and name != "main":
                print(f"{f}:{a}: {name}: no comment saying what it is for")
                bad += 1
    print(f"{len(files)} files, {bad} problem{'s' if bad != 1 else ''}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
