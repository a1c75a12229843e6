#!/bin/sh
# realworld/jansson/test.sh SRC WORK - Jansson 2.14, a C library for JSON,
# with autotools and libtool as Debian builds it: autoreconf (the source
# package has no configure; Debian's dh runs dh_autoreconf), then
# configure with the plugin in CFLAGS and $(ccprof-config --libs) in both
# LDFLAGS and LIBS (docs/build-systems.md, "Autotools and libtool"): its
# test/ Makefile.am sets LDFLAGS = -static, which drops the runtime's
# rpath from the test programs (LIBS keeps it), and libtool's configure
# check of its nm symbol pipe links with LIBS replaced (LDFLAGS keeps it;
# without that pipe the export list of libjansson.so cannot be made).
# Runs its own suite, "make check" (test/run-suites): the suites valid,
# invalid, invalid-unicode and encoding-flags (test/bin/json_process over
# about 120 JSON inputs, each compared with its expected output, twice)
# and api (about 20 unit-test programs linked with libjansson.so, and
# check-exports: the library must export exactly the symbols of
# src/jansson.def, so an instrumented library must not export more).
# Writes WORK/results: "PASS suite/test" / "FAIL suite/test" per test.
# Environment (realworld/run.sh): RW_CC, RW_CFLAGS, RW_LIBS, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_CC:?}" "${RW_CFLAGS?}" "${RW_LIBS?}"
# autoreconf writes into the tree: work on a copy, not the shared source
rm -rf "$work/src"
cp -a "$src" "$work/src"
(cd "$work/src" && autoreconf -fi) >"$work/autoreconf.log" 2>&1 ||
	{ tail -30 "$work/autoreconf.log" >&2; exit 1; }
mkdir -p "$work/b"
cd "$work/b"
"$work/src/configure" CC="$RW_CC" CFLAGS="$RW_CFLAGS" LDFLAGS="$RW_LIBS" \
	LIBS="$RW_LIBS" --disable-static >"$work/configure.log" 2>&1 ||
	{ tail -30 "$work/configure.log" >&2; exit 1; }
make -j"${RW_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; exit 1; }
make -j"${RW_JOBS:-2}" check TESTS= >>"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
st=0
# VERBOSE=1: run-suites prints "name... ok" (or FAILED, skipped) per test
VERBOSE=1 make check >"$work/test.log" 2>&1 || st=$?
echo "make check exit status $st" >>"$work/test.log"
: >"$work/results"
awk '/^Suite: / { suite = $2 }
     /\.\.\. ok$/ { n = $1; sub(/\.\.\.$/, "", n); print "PASS " suite "/" n }
     /\.\.\. FAILED$/ { n = $1; sub(/\.\.\.$/, "", n); print "FAIL " suite "/" n }' \
	test/run-suites.log >>"$work/results" 2>/dev/null || true
[ -s "$work/results" ] || echo "FAIL make check (no test ran, status $st)" >>"$work/results"
