#!/bin/sh
# realworld/fribidi-meson/test.sh SRC WORK - GNU FriBidi again, built with
# Meson and Ninja (shared library) through the compiler wrapper:
# CC="ccprof-cc COMPILER" meson setup (docs/build-systems.md, "Meson").
# Runs its own suite, "meson test": the fribidi program over six
# charset/reference files and the Unicode conformance tests (programs
# linked with the shared libfribidi.so).  Writes WORK/results: "PASS
# name" / "FAIL name" per test.
# Environment (realworld/run.sh): RW_WRAP_CC, RW_OPT, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_WRAP_CC:?}" "${RW_OPT?}"
rm -rf "$work/b"
CC="$RW_WRAP_CC" CFLAGS="$RW_OPT" meson setup "$work/b" "$src" \
	--buildtype=plain -Ddocs=false -Ddefault_library=shared \
	>"$work/configure.log" 2>&1 || { tail -30 "$work/configure.log" >&2; exit 1; }
ninja -C "$work/b" -j"${RW_JOBS:-2}" >"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
st=0
meson test -C "$work/b" --num-processes "${RW_JOBS:-2}" >"$work/test.log" 2>&1 || st=$?
echo "meson test exit status $st" >>"$work/test.log"
: >"$work/results"
# lines like " 1/8 CapRTL_explicit   OK   0.02s"
sed -n 's/^ *[0-9][0-9]*\/[0-9][0-9]* \([^ ]*\) *\(OK\|EXPECTEDFAIL\) .*/PASS \1/p
        s/^ *[0-9][0-9]*\/[0-9][0-9]* \([^ ]*\) *\(FAIL\|ERROR\|TIMEOUT\|UNEXPECTEDPASS\) .*/FAIL \1/p' \
	"$work/test.log" >>"$work/results"
[ -s "$work/results" ] || echo "FAIL meson test (no test ran, status $st)" >>"$work/results"
