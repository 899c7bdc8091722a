#!/bin/sh
# Builds Ludii (the general game system) from a source snapshot with javac
# alone (no Maven, Gradle or ant), and our driver tools/ludii/LudiiDriver.java
# against it. Used by tests/crosscheck/ludii.py; not part of `make test`.
#
#   tools/ludii/build.sh [SNAPSHOT]
#
# SNAPSHOT (or $LUDII_SRC): a git repository of Ludii (bare or not;
# default /work/.mirror/chiarazarrella+Ludii/repo) or an already extracted
# source tree (a folder holding Common/ Core/ Language/). The build goes to
# $LUDII_BUILD (default /tmp/ludii-build), outside the repository:
#
#   $LUDII_BUILD/src/       the modules extracted (Common, Language, Core)
#   $LUDII_BUILD/classes/   Ludii compiled (javac -parameters: Ludii's
#                           grammar reads the constructors' parameter names)
#   $LUDII_BUILD/driver/    LudiiDriver.class
#   $LUDII_BUILD/classpath  the class path to run the driver with (the
#                           .lud files and the defines are resources under
#                           Common/res, found on the class path)
#
# Without the snapshot or javac it says so and exits 0 (skipped).
# It rebuilds Ludii only when classes/ is missing (LUDII_REBUILD=1 forces);
# the driver is always recompiled.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
SRC=${1:-${LUDII_SRC:-/work/.mirror/chiarazarrella+Ludii/repo}}
OUT=${LUDII_BUILD:-/tmp/ludii-build}
MODULES="Common Language Core"

if ! command -v javac >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then
    echo "tools/ludii/build.sh: skipped: no javac/java (apt-get install openjdk-17-jdk-headless)"
    exit 0
fi
if [ ! -d "$SRC" ]; then
    echo "tools/ludii/build.sh: skipped: no Ludii snapshot at $SRC (give its path or set LUDII_SRC)"
    exit 0
fi

mkdir -p "$OUT"
start=$(date +%s)

if [ -n "${LUDII_REBUILD:-}" ] || [ ! -f "$OUT/classes/other/GameLoader.class" ]; then
    rm -rf "$OUT/src" "$OUT/classes"
    mkdir -p "$OUT/src" "$OUT/classes"
    if [ -d "$SRC/Core/src" ]; then
        echo "copying $MODULES from $SRC"
        for m in $MODULES; do cp -r "$SRC/$m" "$OUT/src/"; done
    elif git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
        echo "extracting $MODULES from $SRC ($(git -C "$SRC" rev-parse --short HEAD))"
        # shellcheck disable=SC2086
        git -C "$SRC" archive HEAD $MODULES | tar -x -C "$OUT/src"
        git -C "$SRC" rev-parse HEAD > "$OUT/src/COMMIT"
    else
        echo "tools/ludii/build.sh: skipped: $SRC is neither a git repository nor a Ludii source tree"
        exit 0
    fi
    for m in $MODULES; do
        if [ ! -d "$OUT/src/$m/src" ]; then
            echo "tools/ludii/build.sh: skipped: the snapshot has no $m/src"
            exit 0
        fi
    done
    # the sources: each module's src/, less what its Eclipse .classpath
    # excludes (the files ant's build.xml excludes too)
    python3 - "$OUT/src" $MODULES > "$OUT/sources.txt" <<'EOF'
import os, re, sys
root, mods = sys.argv[1], sys.argv[2:]
for m in mods:
    ex = []
    try:
        cp = open(os.path.join(root, m, ".classpath")).read()
        mm = re.search(r'excluding="([^"]*)"[^>]*kind="src" path="src"', cp)
        if mm:
            ex = mm.group(1).split("|")
    except OSError:
        pass
    src = os.path.join(root, m, "src")
    for d, _, fs in os.walk(src):
        for f in sorted(fs):
            if not f.endswith(".java"):
                continue
            rel = os.path.relpath(os.path.join(d, f), src)
            if any(rel == x or (x.endswith("/") and rel.startswith(x)) for x in ex):
                continue
            print(os.path.join(d, f))
EOF
    echo "compiling $(wc -l < "$OUT/sources.txt") Java files"
    javac -nowarn -g -parameters -encoding UTF-8 -J-Xmx3g -d "$OUT/classes" \
        -cp "$(ls "$OUT"/src/Common/lib/*.jar | tr '\n' ':')" @"$OUT/sources.txt" 2>&1 |
        grep -v '^Note: ' || true
    if [ ! -f "$OUT/classes/other/GameLoader.class" ]; then
        echo "tools/ludii/build.sh: javac failed" >&2
        exit 1
    fi
fi

LIBS=$(ls "$OUT"/src/Common/lib/*.jar | grep -v -e sources -e junit -e hamcrest | tr '\n' ':')
CP="$OUT/driver:$OUT/classes:$OUT/src/Common/res:$LIBS"
CP=${CP%:}
mkdir -p "$OUT/driver"
javac -nowarn -g -encoding UTF-8 -d "$OUT/driver" -cp "$CP" "$HERE/LudiiDriver.java"
printf '%s\n' "$CP" > "$OUT/classpath"
echo "built in $(( $(date +%s) - start ))s: $OUT"
echo "run: java -cp \"\$(cat $OUT/classpath)\" LudiiDriver /lud/board/sow/two_rows/Kalah.lud"
