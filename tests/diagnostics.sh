#!/bin/sh
# Diagnostics that a first error line cannot show (tests/run_bad.sh checks
# those): warnings, which leave a file valid; --no-warnings; follow-up
# errors that must not appear. Usage: tests/diagnostics.sh PATH/TO/mancala
. "$(dirname "$0")/shlib.sh"

# a file with three rules or options that can never matter
cat >"$T/w.yaml" <<'YAML'
game: t
options:
  unused:
    type: bool
    default: false
board:
  rows: 2
  holes: 6
  seeds: 4
  stores: on-track
moves:
  from: hole.owner == mover and hole.count > 0
  direction: ccw
sowing:
  stores: none
captures:
  - when: 1 > 2 and last.count == 4
    take: last
    to: mover
extra-turn: last.owner == mover and last == store(mover)
end:
  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0
    seeds: owners
YAML
"$M" validate "$T/w.yaml" >"$T/out" 2>"$T/err"
[ $? = 0 ] && grep -q ': ok: t,' "$T/out" && ok || bad "warnings: validate must succeed"
[ "$(grep -c ': warning: ' "$T/err")" = 3 ] && ! grep -q ': error: ' "$T/err" && ok || bad "warnings: three expected"
grep -qx "$T/w.yaml:3:3: warning: option \`unused\` is never used: no expression reads it" "$T/err" && ok || bad "warning: unused option"
grep -qx "$T/w.yaml:17:11: warning: this capture rule can never apply: its \`when\` is always false" "$T/err" && ok || bad "warning: capture never applies"
grep -qx "$T/w.yaml:20:13: warning: \`extra-turn\` can never apply: it needs the last seed in a store, but no seed is sown into a store (\`sowing.stores\` is none)" "$T/err" && ok || bad "warning: extra-turn in a store never sown"
# in file order, with their source line and caret
[ "$(grep ': warning: ' "$T/err" | cut -d: -f2 | tr '\n' ' ')" = "3 17 20 " ] && ok || bad "warnings: not in file order"
sed -n 2,3p "$T/err" | grep -q '^    \^$' && ok || bad "warnings: no caret line"
"$M" validate --no-warnings "$T/w.yaml" >"$T/out" 2>"$T/err"
[ $? = 0 ] && [ ! -s "$T/err" ] && ok || bad "validate --no-warnings: stderr not empty"
"$M" validate --json "$T/w.yaml" >"$T/out" 2>"$T/err"
grep -q '"ok":true,.*"message":"option `unused` is never used: no expression reads it","warning":true}' "$T/out" && ok || bad "validate --json: a warning"
# stores on the track, sown into: no warning; off the track: one
sed 's/stores: none/stores: own/; s/1 > 2 and //; s/^  unused:/  unused:/' "$T/w.yaml" | sed 's/^extra-turn: /extra-turn: unused or /' >"$T/w2.yaml"
"$M" validate "$T/w2.yaml" >"$T/out" 2>"$T/err" && [ ! -s "$T/err" ] && ok || bad "no warning expected: $(head -1 "$T/err")"
sed 's/on-track/off-track/; s/^  stores: none$/  first-seed: next/' "$T/w.yaml" >"$T/w3.yaml"
"$M" validate "$T/w3.yaml" 2>&1 >/dev/null | grep -q "no seed is sown into a store (the board's stores are not on the track)" && ok || bad "warning: stores off the track"
# the shipped variants have none
"$M" validate variants/*.yaml >"$T/out" 2>"$T/err" && [ ! -s "$T/err" ] && ok || bad "shipped variants: $(head -1 "$T/err")"

# an option declared with an error: its uses are not reported
cat >"$T/o.yaml" <<'YAML'
game: t
board:
  rows: 2
  holes: if big then 8 else 6
  seeds: 4
  stores: off-track
moves:
  from: hole.owner == mover and hole.count > 0 and big
  direction: ccw
end:
  - when: seeds(row(mover)) == 0
    seeds: owners
options:
  big:
    type: bool
    default: maybe
YAML
"$M" validate "$T/o.yaml" >"$T/out" 2>"$T/err"
[ "$(grep -c ': error: ' "$T/err")" = 1 ] && grep -q ":16:14: error: the default of bool option \`big\` must be true or false" "$T/err" && ok || bad "broken option: $(grep -c ': error: ' "$T/err") errors"
# a misspelt section: one error, with a suggestion; none for what it holds
sed 's/^options:/optoins:/; s/default: maybe/default: false/; s/^board:/bord:/' "$T/o.yaml" >"$T/m.yaml"
"$M" validate "$T/m.yaml" >"$T/out" 2>"$T/err"
[ "$(grep -c ': error: ' "$T/err")" = 2 ] && grep -q ":2:1: error: unknown key \`bord\` in a variant file; did you mean \`board\`?" "$T/err" &&
    grep -q ":13:1: error: unknown key \`optoins\` in a variant file; did you mean \`options\`?" "$T/err" && ok || bad "misspelt sections: $(cat "$T/err")"

finish
