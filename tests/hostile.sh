#!/bin/sh
# hostile.sh BINARY [NAME-PATTERN]: the hostile-input pack.
#
# Runs every case of tests/hostile/cases.txt (see the head of that file for
# its format) from the directory tests/hostile/, so that a case names its
# input files relative to it (data/..., stdin/...). For each case:
#
#   - the command runs under `timeout 5` (30 for a sanitizer build, whose
#     path holds "asan": it runs several times slower): a hang, a signal
#     (exit status >= 128) or a sanitizer report is a failure;
#   - the exit status must be the expected one;
#   - the expected substring must appear on standard error (`out:TEXT`:
#     on standard output; `-`: no check);
#   - a command expected to fail must print nothing on standard output;
#   - nothing may be written into the scratch directory @OUT@ (it holds
#     one empty directory, `dir`, and must hold just that afterwards): no
#     saved record, no temporary file left behind.
#
# With NAME-PATTERN (a shell pattern), only the matching cases run.
# Prints `FAIL NAME: WHY` (and the command) per failure, then
# `N passed, M failed`; exits 1 if anything failed.

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: sh tests/hostile.sh path/to/mancala [NAME-PATTERN]" >&2
    exit 2
fi
M=$1
only=${2:-*}
case $M in
    *asan*) LIMIT=30 ;;
    *) LIMIT=5 ;;
esac
case $M in
    /*) ;;
    *) M=$(pwd)/$M ;;
esac
if [ ! -x "$M" ]; then
    echo "hostile.sh: $M is not an executable" >&2
    exit 2
fi
H=$(cd "$(dirname "$0")/hostile" && pwd) || exit 2
[ -f "$H/cases.txt" ] || { echo "hostile.sh: no $H/cases.txt" >&2; exit 2; }

T=$(mktemp -d) || exit 2
writers=
cleanup() {
    for p in $writers; do kill "$p" 2>/dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
OUT=$T/out
GEN=$T/gen
mkdir "$GEN"

# ---- generated inputs (@GEN@/NAME): too large or too regular to keep ------

tiny() { cat "$H/data/tiny.yaml"; }
a_run() { awk -v n="$1" -v c="$2" 'BEGIN { s = c; while (length(s) < n) s = s s; printf "%s", substr(s, 1, n) }'; }
# a valid variant whose title is one line of 600000 characters
{ tiny; printf 'title: '; a_run 600000 a; printf '\n'; } >"$GEN/long-line.yaml"
# a YAML error at column 500010 of a 500012-character line
{ tiny; printf 'title: '; a_run 500000 a; printf ': x\n'; } >"$GEN/long-line-bad.yaml"
# an expression of 300000 bytes (over the 4096-byte limit) on one line
{ tiny; printf 'end: [{seeds: owners, when: "'; a_run 300000 ' '; printf 'x"}]\n'; } >"$GEN/long-expression.yaml"
# a record with a comment line of 100000 characters
{ printf 'variant: kalah\n#'; a_run 100000 c; printf '\nround 1: 3 1\n'; } >"$GEN/long-comment.rec"
# a record with a token of 5000 characters
{ printf 'variant: kalah\nround 1: 3 '; a_run 5000 7; printf '\n'; } >"$GEN/long-token.rec"
# a record whose round line is 3000000 characters of blanks and one move
{ printf 'variant: kalah\nround 1: '; a_run 3000000 ' '; printf '3\n'; } >"$GEN/long-round-line.rec"
# a position of one line with 2000000 blanks inside
{ printf '{"board":[4,4,4,4,4,4,4,4,4,4,4,4],'; a_run 2000000 ' '; printf '"stores":[0,0],"to_move":"south"}\n'; } >"$GEN/long-line.json"
# a JSON text nested 100000 lists deep
{ a_run 100000 '['; a_run 100000 ']'; printf '\n'; } >"$GEN/deep-array.json"
# a position whose board list holds 100000 entries
{ printf '{"board":['; a_run 199999 '4,'; printf '],"stores":[0,0],"to_move":"south"}\n'; } >"$GEN/board-100000.json"

# ---- running the cases ----------------------------------------------------

passed=0
failed=0
fifo_n=0

trim() {
    v=$1
    while :; do case $v in ' '*) v=${v# } ;; *) break ;; esac; done
    while :; do case $v in *' ') v=${v% } ;; *) break ;; esac; done
}

fail() {
    echo "FAIL $name: $1"
    echo "  command: mancala $shown"
    [ -n "$2" ] && echo "  $2"
    failed=$((failed + 1))
}

# spaces ARG: ARG with every @SP@ turned into a space
spaces() {
    s=$1
    while :; do
        case $s in
            *@SP@*) s=${s%%@SP@*}' '${s#*@SP@} ;;
            *) break ;;
        esac
    done
}

while IFS= read -r line || [ -n "$line" ]; do
    case $line in '' | '#'*) continue ;; esac
    trim "${line%% | *}"; name=$v
    rest=${line#* | }
    trim "${rest%% | *}"; want_rc=$v
    rest=${rest#* | }
    trim "${rest%% | *}"; want=$v
    rest=${rest#* | }
    case $rest in
        *' | '*) trim "${rest%% | *}"; args=$v; trim "${rest#* | }"; input=$v ;;
        *) trim "$rest"; args=$v; input= ;;
    esac
    # shellcheck disable=SC2254
    case $name in $only) ;; *) continue ;; esac

    rm -rf "$OUT"
    mkdir -p "$OUT/dir"
    writers=
    shown=$args
    [ -n "$input" ] && shown="$shown < $input"

    # the arguments: split at blanks, then the @...@ substitutions
    set -f
    # shellcheck disable=SC2086
    set -- $args
    set +f
    for a do
        shift
        case $a in
            @EMPTY@) a= ;;
            @OUT@*) a=$OUT${a#@OUT@} ;;
            @GEN@*) a=$GEN${a#@GEN@} ;;
            @FIFO@*)
                fifo_n=$((fifo_n + 1))
                mkfifo "$T/fifo$fifo_n"
                cat "$H/${a#@FIFO@}" >"$T/fifo$fifo_n" 2>/dev/null &
                writers="$writers $!"
                a=$T/fifo$fifo_n ;;
        esac
        spaces "$a"
        set -- "$@" "$s"
    done
    if [ -n "$input" ]; then
        sed "s|@OUT@|$OUT|g" "$H/$input" >"$T/stdin"
    else
        : >"$T/stdin"
    fi

    (cd "$H" && exec timeout "$LIMIT" "$M" "$@" <"$T/stdin" >"$T/o" 2>"$T/e")
    rc=$?
    for p in $writers; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
    writers=

    err1=$(head -n 1 "$T/e" | cut -c 1-300)
    left=$(cd "$OUT" && find . ! -path . ! -path ./dir | sed 's|^\./||' | tr '\n' ' ')
    if [ $rc -eq 124 ]; then
        fail "hangs: still running after 5 s"
    elif [ $rc -ge 128 ]; then
        fail "killed by signal $((rc - 128))" "stderr: $err1"
    elif grep -q -e 'Sanitizer' -e 'runtime error:' "$T/e"; then
        fail "sanitizer report (exit status $rc)" "stderr: $(grep -m 1 -e 'Sanitizer' -e 'runtime error:' "$T/e" | cut -c 1-300)"
    elif [ "$rc" != "$want_rc" ]; then
        fail "exit status $rc, expected $want_rc" "stderr: $err1"
    elif [ "$want_rc" != 0 ] && [ -s "$T/o" ]; then
        fail "failed (exit status $rc) but printed on standard output" "stdout: $(head -n 1 "$T/o" | cut -c 1-300)"
    elif [ -n "$left" ]; then
        fail "wrote into @OUT@: $left"
    else
        case $want in
            -) ok=1 ;;
            out:*) grep -q -F -e "${want#out:}" "$T/o" && ok=1 || ok=0 ;;
            *) grep -q -F -e "$want" "$T/e" && ok=1 || ok=0 ;;
        esac
        if [ "$ok" = 1 ]; then
            passed=$((passed + 1))
        else
            case $want in
                out:*) fail "standard output lacks '${want#out:}'" "stdout: $(grep -v '^ *$' "$T/o" | tail -n 1 | cut -c 1-300)" ;;
                *) fail "standard error lacks '$want'" "stderr: $err1" ;;
            esac
        fi
    fi
done <"$H/cases.txt"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
