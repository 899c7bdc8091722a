#!/bin/sh
# seed.sh [DIR]: fills DIR/TARGET/ (default build/fuzz/corpus) with seed
# inputs for the fuzz targets of fuzz/, taken from the tree:
#
#   load, play  variants/*.yaml, the `game:` examples of docs/*.md, a few
#               of them with an `#opts KEY=VALUE` first line; load also
#               tests/bad/*.yaml
#   expr        the expressions of variants/*.yaml and tests/test_expr.c
#   json        the `before` and `after` positions of tests/positions/*.jsonl,
#               each behind the byte that chooses its variant
#   record      fuzz/seeds/record/*.rec
#
# Each seed is stored under the SHA-1 of its content, as libFuzzer names
# the inputs it adds, so running this again adds nothing twice. Run from
# the top of the tree (make fuzz-corpus).
set -eu
out=${1:-build/fuzz/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
for t in load expr json record play; do
    mkdir -p "$out/$t"
done

# put TARGET FILE: stores FILE's content as a seed of TARGET
put() {
    h=$(sha1sum <"$2" | cut -c1-40)
    cp "$2" "$out/$1/$h"
}

# ---- variant files --------------------------------------------------------
for f in variants/*.yaml; do
    put load "$f"
    put play "$f"
done
for f in tests/bad/*.yaml; do
    put load "$f"
done
# the complete variants shown in the docs (```yaml blocks that begin with game:)
for d in docs/*.md; do
    awk -v dir="$tmp" -v base="$(basename "$d" .md)" '
        /^```yaml$/ { inb = 1; first = 1; next }
        /^```/      { if (inb && keep) close(f); inb = 0; keep = 0; next }
        inb {
            if (first) { first = 0; keep = ($0 ~ /^game:/); if (keep) f = dir "/doc-" base "-" (++n) ".yaml" }
            if (keep) print > f
        }' "$d"
done
for f in "$tmp"/doc-*.yaml; do
    [ -f "$f" ] || continue
    put load "$f"
    put play "$f"
done
# options: `#opts KEY=VALUE` on the first line (fuzz_load.c, fuzz_play.c)
while read -r v opt; do
    { printf '#opts %s\n' "$opt"; cat "variants/$v.yaml"; } >"$tmp/opts.yaml"
    put load "$tmp/opts.yaml"
    put play "$tmp/opts.yaml"
done <<'EOF'
oware grand-slam=capture
oware grand-slam=illegal
bohnenspiel partie=true
bohnenspiel hemprich=true
bechi match=false
bechi-2x3 capture-opened-only=false
ba-awa target=2
andada holes=15
andada direction=cw
hufesay last-seed=neutral
kalah capture-empty-opposite=false
kalah no-such-option=1
oware grand-slam=huge
EOF

# ---- expressions ---------------------------------------------------------
# values of the keys that hold expressions, one a line, quotes removed;
# block scalars (`when: >`) joined into one line
awk '
    function flush() { if (blk != "") print blk; blk = ""; inblk = 0 }
    inblk {
        match($0, /^ */)
        if (RLENGTH > ind && $0 !~ /^ *$/) { sub(/^ +/, ""); blk = blk (blk == "" ? "" : " ") $0; next }
        flush()
    }
    {
        line = $0
        if (!match(line, /^ *(- )?(when|take|while|from|skip|keep|cancel-if|extra-turn|relay-while|spill-at-row-end|pass|over|score|evaluate|seeds|cw|ccw|holes|max-rounds|enabled|fill-seeds|give|lend|borrow|repay): */))
            next
        v = substr(line, RLENGTH + 1)
        if (v == ">" || v == "|") { match(line, /^ *(- )?/); ind = RLENGTH; inblk = 1; next }
        if (v ~ /^\[/) { gsub(/^\[|\]$/, "", v); n = split(v, parts, /, */); for (i = 1; i <= n; i++) print parts[i]; next }
        if (v ~ /^'\''.*'\''$/) v = substr(v, 2, length(v) - 2)
        if (v != "") print v
    }
    END { flush() }' variants/*.yaml >"$tmp/expr.txt"
# the expressions of the unit tests, with \" unescaped
sed -n 's/.*\(run\|bad\)(fx, "\(\([^"\\]\|\\.\)*\)".*/\2/p' tests/test_expr.c | sed 's/\\"/"/g' >>"$tmp/expr.txt"
# the variants' own options become the options of fuzz_expr's scope
sed 's/capture-opened-only\|hemprich/skip-origin/g' "$tmp/expr.txt" >"$tmp/expr2.txt"
sort -u "$tmp/expr.txt" "$tmp/expr2.txt" | while IFS= read -r e; do
    printf '%s' "$e" >"$tmp/e"
    put expr "$tmp/e"
done

# ---- JSON positions ------------------------------------------------------
# the byte before a position chooses the variant: its index among the
# built-in variants, in the order of `make` ($(sort ...): bytewise)
i=0
for f in $(printf '%s\n' variants/*.yaml | LC_ALL=C sort); do
    v=$(basename "$f" .yaml)
    [ -f "tests/positions/$v.jsonl" ] || { i=$((i + 1)); continue; }
    oct=$(printf '%03o' "$i")
    awk -v dir="$tmp" -v v="$v" '
        # prints the JSON object that follows "KEY": on the line
        function object(line, key,    at, s, d, c, k, instr, esc) {
            at = index(line, "\"" key "\":")
            if (!at) return ""
            s = substr(line, at)
            s = substr(s, index(s, "{"))
            d = 0; instr = 0; esc = 0
            for (k = 1; k <= length(s); k++) {
                c = substr(s, k, 1)
                if (instr) { if (esc) esc = 0; else if (c == "\\") esc = 1; else if (c == "\"") instr = 0; continue }
                if (c == "\"") instr = 1
                else if (c == "{") d++
                else if (c == "}" && --d == 0) return substr(s, 1, k)
            }
            return ""
        }
        {
            b = object($0, "before"); a = object($0, "after")
            if (b != "") print b > (dir "/json-" v "-" NR "-b")
            if (a != "") print a > (dir "/json-" v "-" NR "-a")
        }' "tests/positions/$v.jsonl"
    for p in "$tmp"/json-"$v"-*; do
        [ -f "$p" ] || continue
        { printf "\\$oct"; cat "$p"; } >"$tmp/j"
        put json "$tmp/j"
        rm -f "$p"
    done
    i=$((i + 1))
done

# ---- records -------------------------------------------------------------
for f in fuzz/seeds/record/*.rec; do
    [ -f "$f" ] || continue
    put record "$f"
done

for t in load expr json record play; do
    printf '%s: %s inputs\n' "$t" "$(ls "$out/$t" | wc -l)"
done
