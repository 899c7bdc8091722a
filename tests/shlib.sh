# shlib.sh: what the command-line test scripts share, sourced by each
# (tests/cli.sh, play.sh, stats.sh, diagnostics.sh): M, the program (the
# script's first argument, by default build/mancala); T, a scratch
# directory removed on exit; ok and bad, which count the checks (bad
# prints what failed); finish, the closing "N passed, M failed" line and
# the exit status.
M=${1:-build/mancala}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
}
