#!/bin/sh
# realworld/lua5.4/test.sh SRC WORK - build Lua 5.4 from Debian's lua5.4
# source tree SRC (its src/, straight with the compiler, as src/Makefile's
# "linux" target does) into WORK, build the test suite's C modules
# (testes/libs) with the same compiler, and run the Lua 5.4 test suite
# (the "testes" directory of Lua's own repository at tag v5.4.4, from
# $RW_LUA_TESTES, default ${XDG_CACHE_HOME:-$HOME/.cache}/ccprof-bench/
# lua5.4-testes: Debian's source package does not include it, and it is
# third-party code, so it is not part of this repository) with
# _soft=true (the heavy tests off, everything else on, non-portable Linux
# tests included).  Writes WORK/results: one "PASS name" / "FAIL name" line
# per test file of all.lua.
#
# Environment (set by realworld/run.sh): RW_CC, RW_CFLAGS, RW_LIBS, and
# RW_PROFILES: where instrumented processes write their profiles.
set -eu
src=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work/obj"
: "${RW_CC:?}" "${RW_CFLAGS?}" "${RW_LIBS?}"

# --- build -----------------------------------------------------------------
# luaconf.h (Debian's patch 0002) includes this header, which the package's
# configure step writes
mkdir -p "$work/gen"
printf '#define DEB_HOST_MULTIARCH "%s"\n' "$(gcc -print-multiarch)" \
	>"$work/gen/lua5.4-deb-multiarch.h"
# as debian/rules builds it: make linux-readline
defs="-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -DLUA_USE_READLINE -I$work/gen"
objs=""
pids=""
jobs=0
for f in "$src"/src/*.c; do
	b=$(basename "$f" .c)
	case $b in luac) continue ;; esac
	# shellcheck disable=SC2086
	$RW_CC $RW_CFLAGS $defs -w -c "$f" -o "$work/obj/$b.o" &
	pids="$pids $!"
	objs="$objs $work/obj/$b.o"
	jobs=$((jobs + 1))
	if [ $jobs -ge "${RW_JOBS:-2}" ]; then
		for p in $pids; do wait "$p"; done
		pids="" jobs=0
	fi
done
for p in $pids; do wait "$p"; done
# shellcheck disable=SC2086
$RW_CC $RW_CFLAGS -o "$work/lua" $objs -Wl,-E $RW_LIBS -lm -ldl -lreadline

testes=${RW_LUA_TESTES:-${XDG_CACHE_HOME:-$HOME/.cache}/ccprof-bench/lua5.4-testes}
if [ ! -f "$testes/all.lua" ]; then
	echo "realworld: Lua's test suite not found in $testes (set RW_LUA_TESTES;" \
	     "see docs/realworld.md); Lua's tests skipped" >&2
	echo "SKIP all.lua" >"$work/results"
	exit 0
fi
rm -rf "$work/testes"
cp -R "$testes" "$work/testes"
# main.lua's Ctrl-C test runs "lua -e PRG & echo $!" and expects the pid
# on the first line; the script's own first line can come first (seen here
# on 2 CPUs, uninstrumented too).  Have the background process print its
# pid before it execs Lua instead: same process, no race, and the shell
# popen waits for still exits 0 at once as before.
python3 - "$work/testes/main.lua" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = """string.format('%s -e "%s" & echo $!', progname, luaprg)"""
new = """string.format([[sh -c "echo \\$\\$; exec %s -e \\"%s\\"" &]], progname, luaprg)"""
assert s.count(old) == 1
open(p, "w").write(s.replace(old, new))
PY
# testes/libs/makefile, with our compiler and flags (the modules are
# instrumented too: they are dlopened by the interpreter)
for l in lib1:lib1 lib11:lib11 lib2:lib2 lib21:lib21 lib2-v2:lib22; do
	out=${l%%:*} in=${l#*:}
	# shellcheck disable=SC2086
	$RW_CC $RW_CFLAGS $defs -w -std=gnu99 -I"$src/src" -fPIC -shared \
		-o "$work/testes/libs/$out.so" "$work/testes/libs/$in.c" $RW_LIBS
done

# --- test ------------------------------------------------------------------
export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
cd "$work/testes"
set +e
# standard input a pipe: files.lua checks that seeking stdin fails
# (it does not on /dev/null or a file); SIGHUP's default action, which
# `nohup make realworld` would leave ignored in every child: files.lua
# checks that `kill -s HUP $$` kills a shell
rc=$( { { : | env --default-signal=HUP "$work/lua" -e "_soft=true" \
	all.lua; echo $? >&3; } >"$work/test.log" 2>&1; } 3>&1)
set -e
echo "all.lua exit status $rc" >>"$work/test.log"
# all.lua runs its files with a dofile that prints "***** FILE 'x'*****";
# a file passed if the next one started (or, for the last, "final OK").
files=$(sed -n "s/^\*\*\*\*\* FILE '\(.*\)'\*\*\*\*\*$/\1/p" "$work/test.log")
ok=0
grep -q "final OK" "$work/test.log" && [ "$rc" -eq 0 ] && ok=1
: >"$work/results"
last=""
for f in $files; do
	[ -n "$last" ] && echo "PASS $last" >>"$work/results"
	last=$f
done
if [ -n "$last" ]; then
	if [ $ok = 1 ]; then echo "PASS $last"; else echo "FAIL $last"; fi >>"$work/results"
fi
# the files all.lua never reached, after a failure
# (strings.lua and literals.lua run inside calls.lua's section)
for f in gc.lua $(sed -n "s/^\(assert(\)\{0,1\}dofile('\([a-z0-9]*\.lua\)'.*/\2/p" all.lua); do
	grep -q " $f\$" "$work/results" || echo "FAIL $f (not reached)" >>"$work/results"
done
[ $ok = 1 ] || echo "FAIL all.lua (exit status $rc)" >>"$work/results"
