#!/bin/sh
# realworld/fribidi/test.sh SRC WORK - GNU FriBidi with autotools and
# libtool, shared libraries on (the default), configured the way autotools
# users pass flags: the plugin in CFLAGS and $(ccprof-config --libs) in
# LDFLAGS at configure time (docs/build-systems.md, "Autotools and
# libtool").  Runs its own suite, "make check": test/run.tests (the
# fribidi program over six charset/reference files) and the Unicode
# conformance tests BidiTest and BidiCharacterTest, programs linked with
# the shared libfribidi.so through libtool.  Writes WORK/results: "PASS
# name" / "FAIL name" per test, and "PASS shared-library" when
# libfribidi.so was built and the tests' programs load it.
# Environment (realworld/run.sh): RW_CC, RW_CFLAGS, RW_LIBS, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_CC:?}" "${RW_CFLAGS?}" "${RW_LIBS?}"
mkdir -p "$work/b"
cd "$work/b"
"$src/configure" CC="$RW_CC" CFLAGS="$RW_CFLAGS" LDFLAGS="$RW_LIBS" \
	--disable-static --disable-docs >"$work/configure.log" 2>&1 ||
	{ tail -30 "$work/configure.log" >&2; exit 1; }
make -j"${RW_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; exit 1; }
make -j"${RW_JOBS:-2}" check TESTS= >>"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
st=0
make -j"${RW_JOBS:-2}" check >"$work/test.log" 2>&1 || st=$?
echo "make check exit status $st" >>"$work/test.log"
: >"$work/results"
for trs in test/*.trs test/unicode-conformance/*.trs; do
	[ -f "$trs" ] || continue
	name=$(basename "$trs" .trs)
	r=$(sed -n 's/^:test-result: //p' "$trs" | head -n 1)
	case $r in
	PASS | XFAIL) echo "PASS $name" ;;
	SKIP) ;;
	*) echo "FAIL $name ($r)" ;;
	esac
done >>"$work/results"
[ -s "$work/results" ] || echo "FAIL make check (no test ran, status $st)" >>"$work/results"
# the conformance programs run from the shared library libtool built
prog=test/unicode-conformance/.libs/BidiTest
if ls lib/.libs/libfribidi.so.* >/dev/null 2>&1 && [ -x "$prog" ] &&
	LD_LIBRARY_PATH=$PWD/lib/.libs ldd "$prog" | grep -q "$PWD/lib/.libs/libfribidi.so"; then
	echo "PASS shared-library" >>"$work/results"
else
	echo "FAIL shared-library (no libfribidi.so, or BidiTest does not load it)" >>"$work/results"
fi
