# steplib.sh: the step of the suite's runners (tests/run.sh, tests/full.sh),
# sourced by each. step NAME COMMAND...: runs the command, then prints
# one PASS line with its last line, or a FAIL line and the end of its
# output; pass and fail count them.
pass=0
fail=0
step() {
    name=$1
    shift
    if out=$("$@" 2>&1); then
        pass=$((pass + 1))
        echo "PASS $name ($(echo "$out" | tail -1))"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
        echo "$out" | tail -40 | sed 's/^/    /'
    fi
}
