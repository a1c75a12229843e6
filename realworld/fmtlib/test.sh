#!/bin/sh
# realworld/fmtlib/test.sh SRC WORK - {fmt} 9.1, a template-heavy C++
# formatting library, built with CMake as Debian builds it (shared
# libfmt.so, FMT_PEDANTIC on, the tests against Debian's googletest
# sources in /usr/src/googletest, compiled with the same compiler), through
# the compiler wrapper: CXX="ccprof-c++ COMPILER" cmake (docs/build-systems.md,
# "CMake").  Runs its own suite, ctest: about 20 googletest programs
# (format, printf, chrono, ranges, compile-time format strings, ...; every
# one instantiates many templates, lambdas and operators), plus, with
# FMT_PEDANTIC, three nested CMake builds with the same compiler (bad uses
# of the API must not compile; find_package and add_subdirectory work).
# Writes WORK/results: "PASS program/Suite.Test" / "FAIL ..." per
# googletest test, and "PASS ctest/name" / "FAIL ..." per ctest test.
# Environment (realworld/run.sh): RW_WRAP_CC, RW_WRAP_CXX, RW_CC, RW_CXX,
# RW_OPT, RW_PROFILES, RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_WRAP_CC:?}" "${RW_WRAP_CXX:?}" "${RW_CC:?}" "${RW_CXX:?}" "${RW_OPT?}"
rm -rf "$work/b"
# FMT_PEDANTIC's nested builds get CMAKE_CXX_COMPILER, the wrapper without
# its compiler argument: ccprof-c++ takes it from CCPROF_CXX (and
# ccprof-cc, which CMake would derive from ccprof-c++, from CCPROF_CC)
export CCPROF_CC="$RW_CC" CCPROF_CXX="$RW_CXX"
CC="$RW_WRAP_CC" CXX="$RW_WRAP_CXX" cmake -S "$src" -B "$work/b" -DCMAKE_BUILD_TYPE=None \
	-DCMAKE_CXX_FLAGS="$RW_OPT" -DBUILD_SHARED_LIBS=ON \
	-DCMAKE_POSITION_INDEPENDENT_CODE=ON -DFMT_DOC=OFF -DFMT_PEDANTIC=ON \
	-DFMT_TEST=ON >"$work/configure.log" 2>&1 ||
	{ tail -30 "$work/configure.log" >&2; exit 1; }
cmake --build "$work/b" -j "${RW_JOBS:-2}" >"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
st=0
(cd "$work/b" && ctest -V -j "${RW_JOBS:-2}") >"$work/test.log" 2>&1 || st=$?
echo "ctest exit status $st" >>"$work/test.log"
: >"$work/results"
# ctest -V prefixes a test's output with its number ("12: "); it names the
# test in "12: Test command: .../bin/format-test" and ends it with
# "N/M Test #12: format-test ....   Passed".  googletest prints
# "[       OK ] Suite.Test (0 ms)" or "[  FAILED  ] Suite.Test (0 ms)".
awk '/^[0-9]+: Test command: / { n = $1; sub(/:$/, "", n); p = $NF; sub(/.*\//, "", p); prog[n] = p }
     /^[0-9]+: \[       OK \] .* \([0-9]+ ms\)$/ { n = $1; sub(/:$/, "", n); print "PASS " prog[n] "/" $5 }
     /^[0-9]+: \[  FAILED  \] .* \([0-9]+ ms\)$/ { n = $1; sub(/:$/, "", n); print "FAIL " prog[n] "/" $5 }
     / Test +#[0-9]+: / { name = $0; sub(/.* Test +#[0-9]+: /, "", name); split(name, w, " ")
       if ($0 ~ / Passed/) print "PASS ctest/" w[1]; else print "FAIL ctest/" w[1] }' \
	"$work/test.log" >>"$work/results"
grep -q '^PASS ctest/' "$work/results" ||
	echo "FAIL ctest (no test ran, status $st)" >>"$work/results"
