"""The per-game results of the comparisons with other programs,
tests/crosscheck/results.tsv (docs/catalogue.md shows them).

One line per game and program: GAME, PROGRAM, RESULT (agree, explained,
disagree, not-comparable) and DETAIL, separated by tabs; sorted."""

import os


def game_key(name):
    """A game's name in results.tsv: a built-in's name, or a variant
    file's name without its folder and `.yaml`."""
    return os.path.basename(name)[:-5] if name.endswith(".yaml") else name


def record(path, program, results):
    """Writes results (name -> (result, detail)) for `program` into the
    file `path`, keeping its lines for other games and programs."""
    rows = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                w = line.rstrip("\n").split("\t")
                if len(w) == 4 and not line.startswith("#"):
                    rows[(w[0], w[1])] = (w[2], w[3])
    for name, (res, detail) in results.items():
        rows[(name, program)] = (res, " ".join(detail.split()))
    with open(path, "w") as f:
        f.write("# game\tprogram\tresult\tdetail: written by tests/crosscheck/*.py --record;"
                " docs/catalogue.md shows it\n")
        for (name, prog), (res, detail) in sorted(rows.items()):
            f.write("%s\t%s\t%s\t%s\n" % (name, prog, res, detail))
