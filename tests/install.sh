#!/bin/sh
# install.sh BUILD: the installed tree, as a user of the library sees it.
# Run from the repository root, after `make BUILD=BUILD` built the binary
# and both libraries (make install only links what is missing).
#
#   make install PREFIX=<fresh temporary directory> BUILD=BUILD, then with
#   PKG_CONFIG_PATH=<prefix>/lib/pkgconfig:
#   - the files are there, the shared library's soname and symlinks right;
#   - pkg-config --cflags --libs mancala works, --modversion is
#     MANCALA_VERSION (include/mancala.h);
#   - examples/play.c compiled with the pkg-config flags against the shared
#     library plays a game to its end (LD_LIBRARY_PATH=<prefix>/lib), and
#     again linked statically (pkg-config --static --libs, libmancala.a),
#     with the same output and no dependency on the shared library;
#   - the installed mancala --version;
#   - libmancala.a defines no cli_ symbol; the shared library exports only
#     mc_* symbols, and every function mancala.h declares;
#   - make uninstall PREFIX=... leaves no file behind (only the empty
#     standard directories: bin, include, lib/pkgconfig, share/man/man1);
#   - make install DESTDIR=<dir> PREFIX=/usr/local puts the tree under
#     <dir> with /usr/local in the pkg-config file; make uninstall undoes it.
#
# Prints `FAIL WHAT` per failure and a closing line; exits 1 if anything
# failed.
if [ $# -ne 1 ]; then
    echo "usage: sh tests/install.sh BUILD" >&2
    exit 2
fi
B=$1
LC_ALL=C
export LC_ALL
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "install.sh: skipped: pkg-config is not installed"
    exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
P=$T/prefix
mkdir "$P" "$T/out"
CC=${CC:-cc}
# the recursive make is not one of make's own: no jobserver to share
MK="env MAKEFLAGS= MAKELEVEL= ${MAKE:-make} --no-print-directory BUILD=$B"
WARN="-std=c11 -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings -Werror"
VERSION=$(sed -n 's/^#define MANCALA_VERSION "\(.*\)"/\1/p' include/mancala.h)
MAJOR=${VERSION%%.*}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# check WHAT COMMAND...: passes when the command succeeds
check() {
    what=$1
    shift
    if "$@" >"$T/log" 2>&1; then ok; else bad "$what"; tail -20 "$T/log" | sed 's/^/    /'; fi
}

check "make install PREFIX=$P" $MK install PREFIX="$P"
L=$P/lib
for f in bin/mancala include/mancala.h lib/libmancala.a "lib/libmancala.so.$VERSION" \
         lib/pkgconfig/mancala.pc share/man/man1/mancala.1 share/mancala/variants/kalah.yaml \
         share/doc/mancala/README.md share/doc/mancala/variant-format.md \
         share/bash-completion/completions/mancala share/zsh/vendor-completions/_mancala; do
    if [ -f "$P/$f" ]; then ok; else bad "not installed: $f"; fi
done
# the installed bash completion, sourced in bash: the commands, a
# command's flags, the built-in variants, a variant's options
if command -v bash >/dev/null; then
    got=$(bash -c '
        . "$1/share/bash-completion/completions/mancala"
        complete -p mancala
        t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _mancala; echo "${COMPREPLY[*]}"; }
        t "$1/bin/mancala" pe
        t "$1/bin/mancala" perft --fr
        t "$1/bin/mancala" play kal
        t "$1/bin/mancala" show kalah -o end' sh "$P" 2>&1)
    [ "$got" = "complete -F _mancala mancala
perft
--from
kalah kale
ends-when=" ] && ok || bad "bash completion: $got"
fi
# the installed zsh completion: it loads (autoload +X parses it), and in a
# real interactive zsh (tests/zsh_complete.zsh drives one through zpty)
# completes the commands of args.c's table, a command's flags, the
# built-in variants, a variant's options, players, features and a
# --flag=value; skipped where zsh is not installed
if command -v zsh >/dev/null 2>&1; then
    zshnote=", zsh completion"
    Z=$P/share/zsh/vendor-completions
    check "zsh: autoload +X _mancala" zsh -fc 'fpath=($1 $fpath); autoload -U +X _mancala' sh "$Z"
    cmds=$( (sed -n 's/^ *{ "\([a-z]*\)", F_.*/\1/p' interpreter/cli/args.c; echo --help; echo --version) |
        sort | tr '\n' ' ')
    got=$(cd "$T" && zsh -f "$OLDPWD/tests/zsh_complete.zsh" "$Z" "$P/bin" 'mancala ' 'mancala pe' \
        'mancala perft --fr' 'mancala play kal' 'mancala show kalah -o end' 'mancala play --north alp' \
        'mancala list --feature rel' 'mancala play --color=al' 2>&1)
    [ "$got" = "mancala : ${cmds% }
mancala pe: perft
mancala perft --fr: --from
mancala play kal: kalah kale
mancala show kalah -o end: ends-when=
mancala play --north alp: alphabeta alphabeta:depth= alphabeta:time=
mancala list --feature rel: relay
mancala play --color=al: --color=always" ] && ok || bad "zsh completion: $got"
else
    zshnote=", zsh completion skipped (no zsh)"
    echo "install.sh: zsh completion skipped: zsh is not installed"
fi
[ "$(readlink "$L/libmancala.so")" = "libmancala.so.$MAJOR" ] &&
    [ "$(readlink "$L/libmancala.so.$MAJOR")" = "libmancala.so.$VERSION" ] && ok ||
    bad "symlinks libmancala.so -> .so.$MAJOR -> .so.$VERSION"
readelf -d "$L/libmancala.so.$VERSION" | grep -q "SONAME.*\[libmancala\.so\.$MAJOR\]" && ok ||
    bad "soname is not libmancala.so.$MAJOR"

# ---- pkg-config -------------------------------------------------------------
export PKG_CONFIG_PATH="$L/pkgconfig"
if flags=$(pkg-config --cflags --libs mancala 2>&1); then
    case " $flags " in
        *" -I$P/include "*"-L$L "*"-lmancala "*) ok ;;
        *) bad "pkg-config --cflags --libs mancala: $flags" ;;
    esac
else
    bad "pkg-config --cflags --libs mancala: $flags"
fi
v=$(pkg-config --modversion mancala 2>&1)
[ "$v" = "$VERSION" ] && ok || bad "pkg-config --modversion mancala: '$v', not '$VERSION'"

# ---- the example, shared and static --------------------------------------------
check "cc examples/play.c, shared" \
    $CC $WARN $(pkg-config --cflags mancala) -o "$T/out/play" examples/play.c $(pkg-config --libs mancala)
readelf -d "$T/out/play" 2>/dev/null | grep -q "NEEDED.*\[libmancala\.so\.$MAJOR\]" && ok ||
    bad "the shared build does not need libmancala.so.$MAJOR"
# -lmancala would find the shared library first: the archive by name, as
# docs/library.md says
check "cc examples/play.c, static" \
    $CC $WARN $(pkg-config --cflags mancala) -o "$T/out/play-static" examples/play.c \
    $(pkg-config --static --libs mancala | sed 's/-lmancala/-l:libmancala.a/')
if readelf -d "$T/out/play-static" | grep -q "libmancala"; then
    bad "the static build depends on libmancala.so"
else
    ok
fi
# each build plays a whole game, a built-in and an installed variant file
for v in kalah "$P/share/mancala/variants/oware.yaml"; do
    n=$(basename "$v" .yaml)
    check "play $n (shared)" env LD_LIBRARY_PATH="$L" "$T/out/play" "$v"
    cp "$T/log" "$T/out/$n.shared"
    check "play $n (static)" "$T/out/play-static" "$v"
    cp "$T/log" "$T/out/$n.static"
    grep -q '"over":true' "$T/out/$n.shared" && tail -1 "$T/out/$n.shared" | grep -q '^result: ' && ok ||
        bad "play $n: no final position and result"
    cmp -s "$T/out/$n.shared" "$T/out/$n.static" && ok || bad "play $n: the two builds differ"
done

# ---- the installed command ----------------------------------------------------
v=$("$P/bin/mancala" --version 2>&1)
[ "$v" = "mancala $VERSION (libmancala $VERSION)" ] && ok || bad "mancala --version: $v"

# ---- symbols ------------------------------------------------------------------
s=$(nm -g --defined-only "$L/libmancala.a" | awk 'NF == 3 && $3 ~ /^cli_/ { print $3 }')
[ -z "$s" ] && ok || bad "libmancala.a defines command-line symbols:" $s
nm -D --defined-only "$L/libmancala.so.$VERSION" | awk 'NF == 3 { print $3 }' | sort >"$T/exported"
s=$(grep -v '^mc_' "$T/exported")
[ -z "$s" ] && ok || bad "the shared library exports more than mc_*:" $s
sed -n 's/^MC_API [^(]*[ *]\(mc_[a-z0-9_]*\)(.*/\1/p' include/mancala.h | sort >"$T/declared"
s=$(comm -23 "$T/declared" "$T/exported")
[ -s "$T/declared" ] && [ -z "$s" ] && ok || bad "declared in mancala.h, not exported:" $s

# ---- uninstall ----------------------------------------------------------------
check "make uninstall PREFIX=$P" $MK uninstall PREFIX="$P"
s=$(cd "$P" && find . ! -type d)
[ -z "$s" ] && ok || bad "left behind by make uninstall:" $s
s=$(cd "$P" && find . -type d | while read -r d; do
    case $d in
        .|./bin|./include|./lib|./lib/pkgconfig|./share|./share/man|./share/man/man1) ;;
        ./share/doc|./share/bash-completion|./share/bash-completion/completions) ;;
        ./share/zsh|./share/zsh/vendor-completions) ;;
        *) echo "$d" ;;
    esac
done)
[ -z "$s" ] && ok || bad "directories left behind by make uninstall:" $s

# ---- DESTDIR, the documented PREFIX --------------------------------------------
D=$T/dest
check "make install DESTDIR=... PREFIX=/usr/local" $MK install DESTDIR="$D" PREFIX=/usr/local
grep -qx 'prefix=/usr/local' "$D/usr/local/lib/pkgconfig/mancala.pc" 2>/dev/null &&
    [ -x "$D/usr/local/bin/mancala" ] && ok || bad "make install DESTDIR: wrong tree or pkg-config file"
check "make uninstall DESTDIR=... PREFIX=/usr/local" $MK uninstall DESTDIR="$D" PREFIX=/usr/local
s=$(find "$D" ! -type d)
[ -z "$s" ] && ok || bad "left behind by make uninstall DESTDIR:" $s

echo "install $VERSION, pkg-config, example shared and static, symbols$zshnote, uninstall: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
