# zsh -f tests/zsh_complete.zsh FPATH_DIR BIN_DIR LINE...: completes each
# LINE in a real interactive zsh (driven through zsh/zpty) with the
# completion function in FPATH_DIR and the mancala of BIN_DIR first on
# PATH, and prints, for each LINE, "LINE:" and the matches offered, sorted
# and joined by spaces. compadd is wrapped to record its matches (the
# technique of zsh-capture-completion). Exits 2 if zpty is missing, 1 if a
# completion does not finish within 10 seconds. Used by tests/install.sh.
zmodload zsh/zpty || exit 2
fdir=$1 bdir=$2
shift 2
T=$(mktemp -d) || exit 1
trap 'zpty -d comp 2>/dev/null; rm -rf $T' EXIT
out=$T/out
cat >$T/init.zsh <<EOF
PS1='> ' PROMPT2='' RPS1=''
path=($bdir \$path)
fpath=($fdir \$fpath)
unsetopt autolist listambiguous listbeep beep
autoload -U compinit && compinit -u -D
compadd() {
  local -a __hits
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "\$@"
    return
  fi
  builtin compadd -A __hits "\$@"
  (( \$#__hits )) && print -rl -- \${IPREFIX}\${^__hits} >>$out
  builtin compadd "\$@"
}
cd $T
EOF
zpty comp zsh -f -i
zpty -w comp ". $T/init.zsh"
# wait until the shell has read its set-up and waits at the prompt
wait_for() {
  integer tries=0
  until grep -qx "$1" $out 2>/dev/null; do
    (( ++tries > 200 )) && { print -r -- "${2:-zsh}: no answer"; exit 1 }
    sleep 0.05
    while zpty -rt comp junk 2>/dev/null; do :; done   # drain the terminal output
  done
}
zpty -w comp "print READY >>$out"
wait_for READY
integer n=0
for line in "$@"; do
  (( n++ ))
  : >$out
  # the line and a tab, then ^U (kill the line) and a sentinel command
  zpty -w -n comp "$line"$'\t'
  zpty -w comp $'\C-u'"print END$n >>$out"
  wait_for END$n "$line"
  print -r -- "$line: ${(j: :)${(@ou)${(@f)$(grep -vx "END$n" $out)}}}"
done
