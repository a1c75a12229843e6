#!/bin/sh
# realworld/xz-utils/test.sh SRC WORK - configure (out of tree, no NLS or
# docs; liblzma shared only, built by libtool) and build
# xz-utils from Debian's source tree SRC in WORK through the compiler
# wrapper, ./configure CC="ccprof-cc COMPILER" (docs/build-systems.md,
# "Autotools and libtool"), and run its own test suite, "make check"
# (tests/: liblzma unit tests written with tuktest, and the scripts that
# run xz, xzdec, xzgrep ... over tests/files/ and generated data).  Writes
# WORK/results: one "PASS name" / "FAIL name" line per test of the suite
# (SKIP counts as neither).
# Environment (realworld/run.sh): RW_WRAP_CC, RW_OPT, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_WRAP_CC:?}" "${RW_OPT?}"
mkdir -p "$work/b"
cd "$work/b"
if [ ! -f Makefile ]; then
	"$src/configure" CC="$RW_WRAP_CC" CFLAGS="$RW_OPT" \
		--disable-static --disable-nls --disable-doc >"$work/configure.log" 2>&1 ||
		{ tail -30 "$work/configure.log" >&2; exit 1; }
fi
make -j"${RW_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; exit 1; }
# the test programs are built by make check; build them before the
# profiles of the tests start to count
make -j"${RW_JOBS:-2}" -C tests check TESTS= >>"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
rm -f tests/*.trs tests/*.log
st=0
make -j"${RW_JOBS:-2}" -C tests check >"$work/test.log" 2>&1 || st=$?
echo "make check exit status $st" >>"$work/test.log"
: >"$work/results"
for trs in tests/*.trs; do
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
