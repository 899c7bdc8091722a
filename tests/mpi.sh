#!/bin/sh
# mancala-mpi (make mpi): the endgame databases built by 2 and 3 processes
# (mpirun) are byte for byte those one process builds (values and bounds);
# a build stopped part way is completed by processes; a damaged file stops
# every process
# (none waits for ever); the command runs `solve --endgame` only.
# Usage: tests/mpi.sh BUILD_DIR
D=$(dirname "$0")
. "$D/shlib.sh"
B=${1:-build}
M=$B/mancala
P=$B/mancala-mpi
run() { timeout 300 mpirun --allow-run-as-root --oversubscribe "$@"; }

same() {   # same DIR1 DIR2 K [-lower|-upper]: the files of counts 0..K are equal
    for n in $(seq 0 "$3"); do
        f=$(printf 'seeds-%02d%s.egdb' "$n" "$4")
        cmp -s "$1/$f" "$2/$f" || return 1
    done
}

"$M" solve --endgame 10 oware --db "$T/one" --jobs 1 >"$T/out" 2>&1 || bad "one process: exit"
for np in 2 3; do
    run -np $np "$P" solve --endgame 10 oware --db "$T/np$np" --jobs 1 >"$T/out" 2>&1 || { cat "$T/out"; bad "-np $np: exit"; }
    same "$T/one" "$T/np$np" 10 && ok || bad "-np $np: the same files"
    [ "$(grep -c '^seeds ' "$T/out")" = 11 ] && ok || bad "-np $np: one line a count (process 0 only)"
done
# Kalah with an option, and the grand-slam reading of Oware
"$M" solve --endgame 8 kalah --option capture-empty-opposite=true --db "$T/k1" >"$T/out" 2>&1 || bad "kalah: exit"
run -np 2 "$P" solve --endgame 8 kalah --option capture-empty-opposite=true --db "$T/k2" >"$T/out" 2>&1 || bad "kalah -np 2: exit"
same "$T/k1" "$T/k2" 8 && ok || bad "kalah: the same files"
# the bounds and their distances
for b in lower upper; do
    "$M" solve --endgame 8 oware --bound $b --db "$T/one" --jobs 1 >"$T/out" 2>&1 || bad "one process --bound $b: exit"
    run -np 2 "$P" solve --endgame 8 oware --bound $b --db "$T/np2" >"$T/out" 2>&1 || bad "-np 2 --bound $b: exit"
    same "$T/one" "$T/np2" 8 -$b && ok || bad "--bound $b: the same files"
done
# stopped part way: the processes complete it
rm "$T/np2/seeds-09.egdb" "$T/np2/seeds-10.egdb"
run -np 2 "$P" solve --endgame 10 oware --db "$T/np2" >"$T/out" 2>&1 || bad "completed: exit"
grep -q '^seeds  8: .*already built$' "$T/out" && ! grep -q '^seeds  9: .*already built$' "$T/out" && ok || bad "completed: kept"
same "$T/one" "$T/np2" 10 && ok || bad "completed: the same files"
# a damaged file: every process stops with status 1
printf 'x' | dd of="$T/np2/seeds-05.egdb" bs=1 seek=300 conv=notrunc 2>/dev/null
run -np 2 "$P" solve --endgame 10 oware --db "$T/np2" >"$T/out" 2>&1; rc=$?
[ $rc != 0 ] && [ $rc != 124 ] && grep -q 'checksum' "$T/out" && ok || bad "damaged: exit $rc"
run -np 2 "$P" perft kalah 3 >"$T/out" 2>&1; [ $? != 0 ] && grep -q 'runs .solve --endgame' "$T/out" && ok || bad "other commands"
finish
