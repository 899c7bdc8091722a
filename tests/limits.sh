#!/bin/sh
# limits.sh BINARY: one check per documented limit.
#
# The limits are those of docs/variant-format.md section "6. Limits",
# docs/positions.md ("What --from reads", "Errors") and docs/records.md
# ("6. Limits"). For each limit an input just over it is generated in a
# temporary directory and must be refused: exit status 1, nothing on
# standard output, and the documented message on standard error (for a
# variant file: in the first `: error: ` line, which must begin with the
# file's name). Where it is cheap, the input exactly at the limit must be
# accepted (exit status 0), or at least not be refused for that limit.
#
# Prints `FAIL NAME: WHY` per failure, then `N passed, M failed`; exits 1
# if anything failed. Every command runs under `timeout 10`; the whole
# script takes a few seconds.

if [ $# -ne 1 ]; then
    echo "usage: sh tests/limits.sh path/to/mancala" >&2
    exit 2
fi
M=$1
case $M in
    */*) ;;
    *) M=./$M ;;
esac
if [ ! -x "$M" ]; then
    echo "limits.sh: $M is not an executable" >&2
    exit 2
fi

T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}

# run CMD...: runs CMD under timeout, stdout in $T/out, stderr in $T/err,
# exit status in $rc.
run() {
    timeout 10 "$@" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
}

# crashed NAME: reports (and returns 0) a timeout, a signal or a sanitizer
# report of the last run.
crashed() {
    if [ $rc -eq 124 ]; then
        fail "$1" "timed out (10 s)"
        return 0
    fi
    if [ $rc -ge 128 ]; then
        fail "$1" "killed by a signal (exit status $rc)"
        return 0
    fi
    if grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err"; then
        fail "$1" "sanitizer report (exit status $rc)"
        return 0
    fi
    return 1
}

firstline() { head -n 1 "$T/err" | cut -c 1-200; }

# refused NAME SUBSTRING CMD...: exit 1, empty stdout, SUBSTRING in stderr.
refused() {
    name=$1
    want=$2
    shift 2
    run "$@"
    crashed "$name" && return
    if [ $rc -ne 1 ]; then
        fail "$name" "exit status $rc, expected 1 (stderr: $(firstline))"
    elif [ -s "$T/out" ]; then
        fail "$name" "refused, but printed on standard output"
    elif ! grep -q -F -e "$want" "$T/err"; then
        fail "$name" "expected '$want' on stderr, got '$(firstline)'"
    else
        pass
    fi
}

# accepted NAME CMD...: exit 0.
accepted() {
    name=$1
    shift
    run "$@"
    crashed "$name" && return
    if [ $rc -ne 0 ]; then
        fail "$name" "exit status $rc, expected 0 (stderr: $(firstline))"
    else
        pass
    fi
}

# vbad NAME FILE SUBSTRING [ARGS...]: `validate FILE` refuses the file and
# its first `: error: ` line begins with FILE and contains SUBSTRING.
vbad() {
    name=$1
    file=$2
    want=$3
    shift 3
    run "$M" validate "$file" "$@"
    crashed "$name" && return
    line=$(grep -F -e ': error: ' "$T/err" | head -n 1)
    if [ $rc -ne 1 ]; then
        fail "$name" "exit status $rc, expected 1 (stderr: $(firstline))"
    elif [ -s "$T/out" ]; then
        fail "$name" "refused, but printed a summary on standard output"
    elif [ -z "$line" ]; then
        fail "$name" "no ': error: ' line on stderr (got '$(firstline)')"
    else
        case $line in
            "$file:"*"$want"*) pass ;;
            *) fail "$name" "expected '$file:...$want', got '$(printf '%s' "$line" | cut -c 1-200)'" ;;
        esac
    fi
}

# vok NAME FILE [ARGS...]: `validate FILE` accepts it.
vok() {
    name=$1
    file=$2
    shift 2
    run "$M" validate "$file" "$@"
    crashed "$name" && return
    if [ $rc -ne 0 ]; then
        fail "$name" "exit status $rc, expected 0 (stderr: $(firstline))"
    elif ! grep -q -F "$file: ok: " "$T/out"; then
        fail "$name" "no '$file: ok:' summary"
    else
        pass
    fi
}

# vnot NAME FILE SUBSTRING: `validate FILE` does not complain of SUBSTRING
# (a file at the limit that cannot be valid for other reasons).
vnot() {
    name=$1
    file=$2
    want=$3
    run "$M" validate "$file"
    crashed "$name" && return
    if grep -q -F -e "$want" "$T/err"; then
        fail "$name" "refused at the limit: '$(grep -F -e "$want" "$T/err" | head -n 1 | cut -c 1-200)'"
    else
        pass
    fi
}

# ---- generators ----------------------------------------------------------

# The smallest playable variant (docs/variant-format.md, section 1).
base() {
    cat <<'EOF'
game: tiny
board:
  rows: 2
  holes: 3
  seeds: 2
  stores: off-track
moves:
  from: hole.owner == mover
  direction: ccw
EOF
}

# padto FILE SIZE: appends comment lines (`#xxx...`) and newlines until FILE
# holds SIZE bytes.
padto() {
    cur=$(wc -c <"$1" | tr -d ' ')
    awk -v n=$(($2 - cur)) 'BEGIN {
        s = "#"; for (i = 0; i < 998; i++) s = s "x"     # 999 bytes + newline
        while (n >= 1002) { print s; n -= 1000 }
        if (n >= 2) { t = "#"; for (i = 2; i < n; i++) t = t "x"; print t; n = 0 }
        while (n > 0) { printf "\n"; n-- }
    }' >>"$1"
}

# spaces N: N spaces.
spaces() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf " " }'; }

# seq_list PREFIX N SEP: PREFIX1 SEP PREFIX2 ... PREFIXN
seq_list() { awk -v p="$1" -v n="$2" -v s="$3" 'BEGIN { for (i = 1; i <= n; i++) printf "%s%s%d", (i > 1 ? s : ""), p, i }'; }

# with_from FILE EXPR: the base variant with `moves.from: EXPR`.
with_from() {
    base | sed '/^  from:/d' >"$1"
    printf '  from: %s\n' "$2" >>"$1"
}

# with_board FILE KEY VALUE: the base variant with `board.KEY: VALUE`.
with_board() { base | sed "s/^  $2: .*/  $2: $3/" >"$1"; }

# ---- variant files ----------------------------------------------------------

V=$T/v.yaml

# file size: 1 MiB; over 4 MiB refused when read
base >"$V"; padto "$V" 1048576
vok size-1mib-at "$V"
base >"$V"; padto "$V" 1048577
vbad size-1mib-over "$V" 'error: file too large (1048577 bytes; a variant file has at most 1048576)'
base >"$V"; padto "$V" 4194304
vbad size-4mib-at "$V" 'error: file too large (4194304 bytes; a variant file has at most 1048576)'
base >"$V"; padto "$V" 4194305
refused size-4mib-over "mancala: $V: file too large (more than 4194304 bytes)" "$M" validate "$V"

# NUL byte
{ base; printf 'title: a\000b\n'; } >"$V"
vbad nul-byte "$V" 'the file contains a NUL byte: not a text file'

# YAML documents: 1 (explicit start and end markers are fine)
{ printf -- '---\n'; base; printf -- '...\n'; } >"$V"
vok documents-1 "$V"
{ base; printf -- '---\n'; base; } >"$V"
vbad documents-2 "$V" 'a variant file holds one YAML document; remove the second'

# YAML nesting: 32 levels, the top-level mapping included
nest() { awk -v n="$1" 'BEGIN { s = "x"; for (i = 0; i < n; i++) s = "[" s "]"; print s }'; }
{ base; printf 'title: %s\n' "$(nest 31)"; } >"$V"
vnot nesting-32 "$V" 'nested too deeply'
{ base; printf 'title: %s\n' "$(nest 32)"; } >"$V"
vbad nesting-33 "$V" 'nested too deeply (at most 32 levels)'

# YAML nodes: 20000 (the base has 19 nodes; `title: [...]` adds 2 + K)
nodes() { { base; printf 'title: ['; awk -v k="$1" 'BEGIN { for (i = 0; i < k; i++) printf (i ? ",x" : "x") }'; printf ']\n'; } >"$V"; }
nodes 19979
vnot nodes-20000 "$V" 'too many YAML nodes'
nodes 19980
vbad nodes-20001 "$V" 'too many YAML nodes (20001; at most 20000)'

# YAML aliases: refused
{ base | sed 's/^game: tiny/game: \&g tiny/'; printf 'title: *g\n'; } >"$V"
vbad alias "$V" 'YAML aliases are not supported in variant files (write the value out)'

# names: 63 characters (game, option, flag)
n63=$(awk 'BEGIN { for (i = 0; i < 63; i++) printf "a" }')
n64=${n63}b
base | sed "s/^game: tiny/game: $n63/" >"$V"
vok game-name-63 "$V"
base | sed "s/^game: tiny/game: $n64/" >"$V"
vbad game-name-64 "$V" '`game` must be a short name of lower-case letters, digits'
{ base; printf 'options:\n  %s:\n    type: bool\n    default: true\n' "$n63"; } >"$V"
vok option-name-63 "$V"
{ base; printf 'options:\n  %s:\n    type: bool\n    default: true\n' "$n64"; } >"$V"
vbad option-name-64 "$V" '(at most 63 characters)'
base | sed "s/^  stores: off-track/  stores: off-track\\
  flags: [$n63]/" >"$V"
vok flag-name-63 "$V"
base | sed "s/^  stores: off-track/  stores: off-track\\
  flags: [$n64]/" >"$V"
vbad flag-name-64 "$V" 'flag name `'

# board.rows: 1..8; board.holes: 1..50 a row; 128 holes in all
with_board "$V" rows 8
vok rows-8 "$V"
with_board "$V" rows 9
vbad rows-9 "$V" '`board.rows` is 9; it must lie in 1..8'
with_board "$V" rows 0
vbad rows-0 "$V" '`board.rows` is 0; it must lie in 1..8'
base | sed 's/^  rows: 2/  rows: 8/; s/^  holes: 3/  holes: 16/' >"$V"
vok rows-8-holes-16 "$V"
base | sed 's/^  rows: 2/  rows: 8/; s/^  holes: 3/  holes: 17/' >"$V"
vbad rows-8-holes-17 "$V" 'a board of 8 rows of 17 holes has 136 holes; at most 128 are played'
base | sed 's/^  rows: 2/  rows: 3/; s/^  holes: 3/  holes: 43/' >"$V"
vbad rows-3-holes-43 "$V" 'a board of 3 rows of 43 holes has 129 holes; at most 128 are played'
base | sed 's/^  rows: 2/  rows: 1/; s/^  holes: 3/  holes: 50/' >"$V"
vok rows-1-holes-50 "$V"
base | sed 's/^  rows: 2/  rows: 1/; s/^  holes: 3/  holes: 51/' >"$V"
vbad rows-1-holes-51 "$V" '`board.holes` is 51; it must lie in 1..50'
with_board "$V" holes 50
vok holes-50 "$V"
with_board "$V" holes 1
vok holes-1 "$V"
with_board "$V" holes 0
vbad holes-0 "$V" '`board.holes` is 0; it must lie in 1..50'
base | sed 's/^  rows: 2/  rows: 1/' >"$V"
vbad rows-1-odd "$V" 'a board of 3 holes cannot be shared in halves: give `board.owner`'

# board.seeds: 0..10000 a hole
base | sed 's/^  holes: 3/  holes: 1/; s/^  seeds: 2/  seeds: 10000/' >"$V"
vok seeds-hole-10000 "$V"
base | sed 's/^  holes: 3/  holes: 1/; s/^  seeds: 2/  seeds: 10001/' >"$V"
vbad seeds-hole-10001 "$V" '`board.seeds` gives 10001 seeds for hole 1; it must lie in 0..10000'
with_board "$V" seeds 'if hole.number == 4 then 10001 else 0'
vbad seeds-hole4-10001 "$V" '`board.seeds` gives 10001 seeds for hole 4; it must lie in 0..10000'

# seeds on the board: 30000
with_board "$V" seeds 5000
vok seeds-total-30000 "$V"
with_board "$V" seeds 'if hole.number == 1 then 5001 else 5000'
vbad seeds-total-30001 "$V" '30001 seeds on the board is too many (at most 30000)'

# options: 32
opts() { base; echo 'options:'; i=1; while [ $i -le "$1" ]; do printf '  o%d:\n    type: bool\n    default: true\n' $i; i=$((i + 1)); done; }
opts 32 >"$V"
vok options-32 "$V"
opts 33 >"$V"
vbad options-33 "$V" 'too many options (at most 32)'

# values of an option: 16 (enum and int)
{ base; printf 'options:\n  e:\n    type: enum\n    default: w1\n    values: [%s]\n' "$(seq_list w 16 ', ')"; } >"$V"
vok enum-values-16 "$V"
{ base; printf 'options:\n  e:\n    type: enum\n    default: w1\n    values: [%s]\n' "$(seq_list w 17 ', ')"; } >"$V"
vbad enum-values-17 "$V" 'too many values (at most 16)'
{ base; printf 'options:\n  e:\n    type: int\n    default: 1\n    values: [%s]\n' "$(seq_list '' 16 ', ')"; } >"$V"
vok int-values-16 "$V"
{ base; printf 'options:\n  e:\n    type: int\n    default: 1\n    values: [%s]\n' "$(seq_list '' 17 ', ')"; } >"$V"
vbad int-values-17 "$V" 'too many values (at most 16)'

# int option values, min, max: -1000000000..1000000000
intopt() { { base; printf 'options:\n  e:\n    type: int\n    default: 0\n    %s\n' "$1"; } >"$V"; }
intopt 'min: -1000000000'
vok int-min-at "$V"
intopt 'min: -1000000001'
vbad int-min-over "$V" '`min` must be a whole number in -1000000000..1000000000'
intopt 'max: 1000000000'
vok int-max-at "$V"
intopt 'max: 1000000001'
vbad int-max-over "$V" '`max` must be a whole number in -1000000000..1000000000'
intopt 'values: [0, 1000000000, -1000000000]'
vok int-values-at "$V"
intopt 'values: [0, 1000000001]'
vbad int-values-over "$V" 'values of an int option must be whole numbers'
intopt 'values: [0, -1000000001]'
vbad int-values-under "$V" 'values of an int option must be whole numbers'

# flags: 8
base | sed "s/^  stores: off-track/  stores: off-track\\
  flags: [$(seq_list f 8 ', ')]/" >"$V"
vok flags-8 "$V"
base | sed "s/^  stores: off-track/  stores: off-track\\
  flags: [$(seq_list f 9 ', ')]/" >"$V"
vbad flags-9 "$V" 'too many flags (at most 8)'

# counters: 4
base | sed "s/^  stores: off-track/  stores: off-track\\
  counters: [$(seq_list c 4 ', ')]/" >"$V"
vok counters-4 "$V"
base | sed "s/^  stores: off-track/  stores: off-track\\
  counters: [$(seq_list c 5 ', ')]/" >"$V"
vbad counters-5 "$V" 'too many counters (at most 4)'

# rules KEY N ITEM: the base with a list KEY of N copies of ITEM
rules() { base; echo "$1:"; i=1; while [ $i -le "$2" ]; do printf '%s\n' "$3"; i=$((i + 1)); done; }
cap='  - {when: last.count == 2, take: last, to: mover}'
rules captures 16 "$cap" >"$V"
vok captures-16 "$V"
rules captures 17 "$cap" >"$V"
vbad captures-17 "$V" 'too many rules in `captures` (at most 16)'
endr='  - {when: seeds(board) == 0, seeds: owners}'
rules end 16 "$endr" >"$V"
vok end-16 "$V"
rules end 17 "$endr" >"$V"
vbad end-17 "$V" 'too many rules in `end` (at most 16)'
# sub N HEAD ITEM: HEAD, then N copies of ITEM (a list under the base)
sub() { base; printf '%s\n' "$2"; i=1; while [ $i -le "$1" ]; do printf '%s\n' "$3"; i=$((i + 1)); done; }
seedr='    - {when: hole.count == 4, take: hole, to: mover}'
sub 16 'sowing:
  each-seed:' "$seedr" >"$V"
vok each-seed-16 "$V"
sub 17 'sowing:
  each-seed:' "$seedr" >"$V"
vbad each-seed-17 "$V" 'too many `each-seed` rules (at most 16)'
mustr='    - {keep: captured > 0, otherwise: all}'
sub 8 '  must:' "$mustr" >"$V"
vok must-8 "$V"
sub 9 '  must:' "$mustr" >"$V"
vbad must-9 "$V" 'too many `must` rules (at most 8)'

# take holes: 4
rules captures 1 '  - {when: last.count == 2, take: [last, opposite(last), next(last), prev(last)], to: mover}' >"$V"
vok take-4 "$V"
rules captures 1 '  - {when: last.count == 2, take: [last, opposite(last), next(last), prev(last), hole(1)], to: mover}' >"$V"
vbad take-5 "$V" '`take` lists at most 4 holes'

# expression text: 4096 bytes (padding spaces inside a quoted scalar)
e='hole.owner == mover'
with_from "$V" "'$e$(spaces $((4096 - ${#e})))'"
vok expr-text-4096 "$V"
with_from "$V" "'$e$(spaces $((4097 - ${#e})))'"
vbad expr-text-4097 "$V" 'expression too long (4097 bytes; at most 4096)'

# expression nesting: 256 levels (254 `not` + `==` + its operands)
nots() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "not "; print "hole.owner == mover" }'; }
with_from "$V" "$(nots 254)"
vok expr-nesting-256 "$V"
with_from "$V" "$(nots 255)"
vbad expr-nesting-257 "$V" 'expression nested too deeply (at most 256 levels)'
with_from "$V" "$(awk 'BEGIN { s = "hole.count"; for (i = 0; i < 300; i++) s = s " + 1"; print s " >= 0 and hole.owner == mover" }')"
vbad expr-chain-300-plus "$V" 'expression nested too deeply (at most 256 levels)'
with_from "$V" "$(awk 'BEGIN { s = "hole.owner == mover"; for (i = 0; i < 300; i++) s = "(" s ")"; print s }')"
vok expr-300-parentheses "$V"

# compiled program: 4096 words. N `+1` in 6 groups `(round+1+...+1)`,
# NEG of them negated: 3N + 26 + NEG words with today's code generator.
prog() {
    awk -v n="$1" -v neg="$2" 'BEGIN {
        g = 6; s = ""
        for (j = 0; j < g; j++) {
            k = int(n / g) + (j < n % g ? 1 : 0)
            t = (j < neg ? "-" : "") "(round"
            for (i = 0; i < k; i++) t = t "+1"
            s = s (j ? "+" : "") t ")"
        }
        print s " > 0 or hole.owner == mover"
    }'
}
with_from "$V" "$(prog 1356 2)"
vok expr-program-4096 "$V"
with_from "$V" "$(prog 1356 3)"
vbad expr-program-4097 "$V" 'expression too complex (more than 4096 operations)'

# evaluation stack: 64 values (round+(round+(...)))
rnest() { awk -v k="$1" 'BEGIN { s = "round"; for (i = 1; i < k; i++) s = "round+(" s ")"; print s " > 0 or hole.owner == mover" }'; }
with_from "$V" "$(rnest 64)"
vok expr-stack-64 "$V"
with_from "$V" "$(rnest 65)"
vbad expr-stack-65 "$V" 'expression too deeply nested for the evaluator (needs 65 stack slots; at most 64)'

# evaluation cost: 262144 steps, each word counted 64 times for each
# filter it is inside. Two nested filters whose inner condition is K tests
# `hole.number > 0`: 13 words outside the filters, 10 in one, 7K + 2 in
# both: K = 8 is 238221 steps, K = 9 266893; a third level is refused
wnest() {
    awk -v k="$1" -v d="$2" 'BEGIN {
        c = "hole.number > 0"
        for (i = 1; i < k; i++) c = c " and hole.number > 0"
        s = c
        for (i = 0; i < d; i++) s = "size(board where " s ") > 0"
        print s " or hole.owner == mover"
    }'
}
with_from "$V" "$(wnest 8 2)"
vok expr-cost-2-filters "$V"
with_from "$V" "$(wnest 9 2)"
vbad expr-cost-2-filters-over "$V" 'expression too costly to evaluate (more than 262144 steps; a filter repeats its condition for each hole of its set, counted as 64)'
with_from "$V" "$(wnest 1 3)"
vbad expr-cost-3-filters "$V" 'expression too costly to evaluate (more than 262144 steps'

# numbers: 999999999
with_from "$V" 'hole.owner == mover and hole.count < 999999999'
vok number-999999999 "$V"
with_from "$V" 'hole.owner == mover and hole.count < 1000000000'
vbad number-1000000000 "$V" 'number too large (at most 999999999)'
with_from "$V" 'hole.owner == mover and hole.count < 99999999999999999999999999999'
vbad number-huge "$V" 'number too large (at most 999999999)'

# set elements: 0..63
with_from "$V" 'hole.owner == mover and hole.count in {0, 63}'
vok set-element-63 "$V"
with_from "$V" 'hole.owner == mover and hole.count in {0, 64}'
vbad set-element-64 "$V" 'set elements must lie in 0..63 (got 64)'
with_from "$V" 'hole.owner == mover and hole.count in {0, -1}'
vbad set-element-minus-1 "$V" 'set elements must lie in 0..63 (got -1)'

# match.max-rounds, match.fill-seeds: 1..10000
match() { { base; printf 'match:\n  max-rounds: %s\n  next: %s\n  over: false\n  score: player.store\n' "$1" "$2"; [ -n "$3" ] && printf '  fill-seeds: %s\n  choose: left\n' "$3"; } >"$V"; }
match 10000 reset
vok max-rounds-10000 "$V"
match 1 reset
vok max-rounds-1 "$V"
match 10001 reset
vbad max-rounds-10001 "$V" '`match.max-rounds` is 10001; it must lie in 1..10000'
match 0 reset
vbad max-rounds-0 "$V" '`match.max-rounds` is 0; it must lie in 1..10000'
match 5 fill 10000
vok fill-seeds-10000 "$V"
match 5 fill 1
vok fill-seeds-1 "$V"
match 5 fill 10001
vbad fill-seeds-10001 "$V" '`match.fill-seeds` gives 10001 seeds for hole 1; it must lie in 1..10000'
match 5 fill 0
vbad fill-seeds-0 "$V" '`match.fill-seeds` gives 0 seeds for hole 1; it must lie in 1..10000'

# repetition.count: 2..100
rep() { { base; printf 'repetition:\n  count: %s\n' "$1"; } >"$V"; }
rep 2
vok repetition-2 "$V"
rep 100
vok repetition-100 "$V"
rep 1
vbad repetition-1 "$V" '`repetition.count` is 1; it must lie in 2..100'
rep 101
vbad repetition-101 "$V" '`repetition.count` is 101; it must lie in 2..100'

# match.choose: player on rows of at most 12 holes
choose() { { base | sed "s/^  holes: 3/  holes: $1/"; printf 'match:\n  max-rounds: 5\n  next: fill\n  fill-seeds: 2\n  choose: player\n  over: false\n  score: player.store\n'; } >"$V"; }
choose 12
vok choose-player-12 "$V"
choose 13
vbad choose-player-13 "$V" 'a player can choose which holes to fill on rows of at most 12 holes (here 13): use `choose: left` or `right`'

# decisions offered at once: 1024 (only reachable through `owners` read
# with --from: South owns all 24 holes of a 12-hole row and fills 12 of
# them, C(24, 12) choices; the first 1024 are offered, without a message)
{ base | sed 's/^  holes: 3/  holes: 12/; s/^  seeds: 2/  seeds: 1/'; printf 'match:\n  max-rounds: 10\n  next: fill\n  fill-seeds: 1\n  choose: player\n  over: false\n  score: player.store\n'; } >"$V"
awk 'BEGIN { printf "{\"board\":["; for (i = 0; i < 24; i++) printf (i ? ",0" : "0");
             printf "],\"stores\":[12,12],\"to_move\":\"south\",\"phase\":\"fill\",\"owners\":[";
             for (i = 0; i < 24; i++) printf (i ? ",\"south\"" : "\"south\""); print "]}" }' >"$T/owners.json"
accepted decisions-1024 "$M" replay "$V" --from "$T/owners.json"
n=$(tr ',' '\n' <"$T/out" | grep -c '"fill:')
if [ "$n" = 1024 ]; then pass; else fail decisions-1024-count "expected 1024 fill: moves, got $n"; fi

# diagnostics printed: 200 a file
badkeys() { base; i=1; while [ $i -le "$1" ]; do echo "bad$i: 1"; i=$((i + 1)); done; }
badkeys 200 >"$V"
run "$M" validate "$V"
n=$(grep -c -F ': error: ' "$T/err")
if crashed diagnostics-200; then :
elif [ $rc -ne 1 ] || [ "$n" -ne 200 ] || grep -q ': note: .* more errors not shown' "$T/err"; then
    fail diagnostics-200 "exit status $rc, $n errors printed, expected 1 and 200 without a note"
else pass; fi
badkeys 201 >"$V"
run "$M" validate "$V"
n=$(grep -c -F ': error: ' "$T/err")
if crashed diagnostics-201; then :
elif [ $rc -ne 1 ] || [ "$n" -ne 200 ]; then
    fail diagnostics-201 "exit status $rc, $n errors printed, expected 1 and 200"
elif ! grep -q -x -F "$V: note: 1 more error not shown" "$T/err"; then
    fail diagnostics-201 "no '$V: note: 1 more error not shown' (last line: $(tail -n 1 "$T/err"))"
else pass; fi
badkeys 250 >"$V"
run "$M" validate "$V"
if crashed diagnostics-250; then :
elif ! grep -q -x -F "$V: note: 50 more errors not shown" "$T/err"; then
    fail diagnostics-250 "no '$V: note: 50 more errors not shown' (last line: $(tail -n 1 "$T/err"))"
else pass; fi

# --option on one command line: 64
{ base; printf 'options:\n  o:\n    type: int\n    default: 0\n'; } >"$V"
set --
i=0
while [ $i -lt 64 ]; do set -- "$@" -o "o=$i"; i=$((i + 1)); done
vok option-flags-64 "$V" "$@"
refused option-flags-65 'mancala: too many --option (at most 64)' "$M" validate "$V" "$@" --option o=1
refused option-flags-65-show 'mancala: too many --option (at most 64)' "$M" show kalah "$@" "--option=o=1"
set --

# perft depth: 0..64
accepted perft-depth-0 "$M" perft kalah 0
if [ -s "$T/out" ]; then fail perft-depth-0-output "printed something for depth 0"; else pass; fi
printf '{"board":[0,0,0,0,0,1,0,0,0,0,0,0],"stores":[24,23],"to_move":"south"}\n' >"$T/end.json"
accepted perft-depth-64 "$M" perft kalah 64 --from "$T/end.json"
n=$(wc -l <"$T/out" | tr -d ' ')
if [ "$n" = 64 ]; then pass; else fail perft-depth-64-lines "expected 64 lines, got $n"; fi
refused perft-depth-65 "mancala: DEPTH must be a whole number in 0..64, not '65'" "$M" perft kalah 65
refused perft-depth-minus-1 "mancala: DEPTH must be a whole number in 0..64, not '-1'" "$M" perft kalah -1
refused perft-depth-huge "mancala: DEPTH must be a whole number in 0..64, not '99999999999999999999'" "$M" perft kalah 99999999999999999999
refused perft-depth-word "mancala: DEPTH must be a whole number in 0..64, not 'x'" "$M" perft kalah x

# --games: 1..1000000 (match, stats, bench); stats --jobs: 1..64
refused stats-games-over "mancala: --games takes a whole number in 1..1000000" "$M" stats kalah --games 1000001
refused stats-games-0 "mancala: --games takes a whole number in 1..1000000" "$M" stats kalah --games 0
accepted stats-games-1 "$M" stats kalah --games 1
refused stats-jobs-65 "mancala: --jobs takes a whole number in 1..64" "$M" stats kalah --jobs 65
accepted stats-jobs-64 "$M" stats kalah --games 64 --jobs 64
refused perft-jobs-65 "mancala: --jobs takes a whole number in 1..64" "$M" perft kalah 3 --jobs 65
accepted perft-jobs-64 "$M" perft kalah 3 --jobs 64

# ---- game records (docs/records.md, section 6) --------------------------

R=$T/g.rec

# file size: 4 MiB
printf 'variant: kalah\nround 1: 3\n' >"$R"; padto "$R" 4194304
accepted record-size-4mib-at "$M" replay kalah --record "$R"
printf 'variant: kalah\nround 1: 3\n' >"$R"; padto "$R" 4194305
refused record-size-4mib-over "mancala: $R: file too large (more than 4194304 bytes)" "$M" replay kalah --record "$R"
refused record-size-4mib-over-load "mancala: $R: file too large (more than 4194304 bytes)" "$M" play --load "$R"

# option: lines: 64
optlines() { echo 'variant: kalah'; i=0; while [ $i -lt "$1" ]; do echo 'option: capture-empty-opposite=true'; i=$((i + 1)); done; echo 'round 1: 3'; }
optlines 64 >"$R"
accepted record-options-64 "$M" replay kalah --record "$R"
optlines 65 >"$R"
refused record-options-65 "mancala: $R:66: \`option:\` takes KEY=VALUE (at most 64 options)" "$M" replay kalah --record "$R"

# one token: 200 characters (a 200-character token is read, then found illegal)
tok=$(awk 'BEGIN { for (i = 0; i < 199; i++) printf "0"; printf "3" }')
printf 'variant: kalah\nround 1: %s\n' "$tok" >"$R"
# (the message shows its first 40 characters)
refused record-token-200 "mancala: move 1 ('$(echo "$tok" | cut -c1-40)...') is not legal here" "$M" replay kalah --record "$R"
printf 'variant: kalah\nround 1: 0%s\n' "$tok" >"$R"
refused record-token-201 "mancala: $R:2: too many moves, or a token too long" "$M" replay kalah --record "$R"

# moves: 1000000 (a million moves are read; the second is illegal)
moves() { echo 'variant: kalah'; printf 'round 1:'; awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf " 1"; print "" }'; }
moves 1000000 >"$R"
refused record-moves-1000000 "mancala: move 2 ('1') is not legal here" "$M" replay kalah --record "$R"
moves 1000001 >"$R"
refused record-moves-1000001 "mancala: $R:2: too many moves, or a token too long" "$M" replay kalah --record "$R"
{ echo 'variant: bohnenspiel'; echo 'option: partie=true'; printf 'round 1: 1\nround 2:'; awk 'BEGIN { for (i = 0; i < 1000000; i++) printf " 1"; print "" }'; } >"$R"
refused record-moves-1000001-two-rounds "mancala: $R:4: too many moves, or a token too long" "$M" replay bohnenspiel --record "$R"

# ---- JSON positions (docs/positions.md) ---------------------------------

P=$T/p.json
pos12() { printf '{"board":[%s],"stores":[%s],"to_move":"south"%s}\n' "$1" "$2" "$3" >"$P"; }

# file size: 4 MiB (padding spaces after the object)
pos12 '4,4,4,4,4,4,4,4,4,4,4,4' '0,0' ''
spaces $((4194304 - $(wc -c <"$P"))) >>"$P"
accepted position-size-4mib-at "$M" replay kalah --from "$P"
pos12 '4,4,4,4,4,4,4,4,4,4,4,4' '0,0' ''
spaces $((4194305 - $(wc -c <"$P"))) >>"$P"
refused position-size-4mib-over "mancala: $P: file too large (more than 4194304 bytes)" "$M" replay kalah --from "$P"
refused position-size-4mib-over-perft "mancala: $P: file too large (more than 4194304 bytes)" "$M" perft kalah 1 --from "$P"

# 30000 seeds in all (board, stores, removed)
b2500='2500,2500,2500,2500,2500,2500,2500,2500,2500,2500,2500,2500'
pos12 "$b2500" '0,0' ''
accepted position-seeds-30000 "$M" replay kalah --from "$P"
pos12 "$b2500" '0,1' ''
refused position-seeds-30001-stores "mancala: $P: field \`board\`: 30001 seeds on the board, in stores and removed; at most 30000" "$M" replay kalah --from "$P"
pos12 "$b2500" '0,0' ',"removed":1'
refused position-seeds-30001-removed "mancala: $P: field \`board\`: 30001 seeds on the board, in stores and removed; at most 30000" "$M" replay kalah --from "$P"
pos12 '2500,2500,2500,2500,2500,2500,2500,2500,2500,2500,2500,2501' '0,0' ''
refused position-seeds-30001-board "mancala: $P: field \`board\`: 30001 seeds on the board, in stores and removed; at most 30000" "$M" perft kalah 1 --from "$P"

# each count: 0..30000
pos12 '30000,0,0,0,0,0,0,0,0,0,0,0' '0,0' ''
accepted position-hole-30000 "$M" replay kalah --from "$P"
pos12 '0,0,30001,0,0,0,0,0,0,0,0,0' '0,0' ''
refused position-hole-30001 "mancala: $P: field \`board\`: hole 3 must hold 0..30000 seeds" "$M" replay kalah --from "$P"
pos12 '0,0,0,0,0,0,0,0,0,0,0,1' '0,30000' ''
refused position-store-plus-board-30001 "mancala: $P: field \`board\`: 30001 seeds on the board" "$M" replay kalah --from "$P"
pos12 '0,0,0,0,0,0,0,0,0,0,0,0' '0,30000' ''
accepted position-store-30000-alone "$M" replay kalah --from "$P"
pos12 '0,0,0,0,0,0,0,0,0,0,0,0' '30001,0' ''
refused position-store-30001 "mancala: $P: field \`stores\`: expected two counts of 0..30000 seeds" "$M" replay kalah --from "$P"
pos12 '1,0,0,0,0,0,0,0,0,0,0,0' '0,0' ',"removed":29999'
accepted position-removed-29999 "$M" replay kalah --from "$P"
pos12 '1,0,0,0,0,0,0,0,0,0,0,0' '0,0' ',"removed":30001'
refused position-removed-30001 "mancala: $P: field \`removed\`: expected 0..30000" "$M" replay kalah --from "$P"

# totals: 0..1000000000; round: 1..match.max-rounds
b6='6,6,6,6,6,6,6,6,6,6,6,6'
pos12 "$b6" '0,0' ',"totals":[1000000000,0]'
accepted position-totals-1e9 "$M" replay bohnenspiel --option partie=true --from "$P"
pos12 "$b6" '0,0' ',"totals":[0,1000000001]'
refused position-totals-over "mancala: $P: field \`totals\`: expected two non-negative numbers" "$M" replay bohnenspiel --option partie=true --from "$P"
pos12 "$b6" '0,0' ',"round":3'
accepted position-round-max "$M" replay bohnenspiel --option partie=true --option max-rounds=3 --from "$P"
pos12 "$b6" '0,0' ',"round":4'
refused position-round-over "mancala: $P: field \`round\`: expected 1..3" "$M" replay bohnenspiel --option partie=true --option max-rounds=3 --from "$P"
pos12 "$b6" '0,0' ',"round":0'
refused position-round-0 "mancala: $P: field \`round\`: expected 1..3" "$M" replay bohnenspiel --option partie=true --option max-rounds=3 --from "$P"
pos12 "$b6" '0,0' ',"round":2'
refused position-round-no-match "mancala: $P: field \`round\`: expected 1..1" "$M" replay bohnenspiel --from "$P"

# one relay sowing: 2^30 seeds sown. A relay that never stops (relay-while:
# true) on 30000 seeds reaches the limit sowing seed by seed; a plain
# relay (Hufesay's rules) from 406 seeds reaches it a lap at a time; a
# relay of a few laps is of course accepted.
cat >"$T/relay.yaml" <<'YAML'
game: long-relay
board: {rows: 2, holes: 2, seeds: 7500, stores: none}
moves: {from: hole.owner == mover, direction: ccw}
sowing: {laps: relay, relay-while: true}
YAML
refused relay-steps "mancala: a relay sowing dropped 1073741824 seeds without ending or repeating" "$M" replay "$T/relay.yaml"
printf '{"board":[1,2,3,4,5,6,7,8,9,10,11,340],"stores":[0,0],"to_move":"south"}' >"$P"
refused relay-laps "mancala: a relay sowing dropped 1073741824 seeds without ending or repeating" "$M" replay hufesay --from "$P"
accepted relay-short "$M" replay hufesay 1 7 2

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
