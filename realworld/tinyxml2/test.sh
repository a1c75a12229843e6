#!/bin/sh
# realworld/tinyxml2/test.sh SRC WORK - TinyXML-2, a C++ library built
# with CMake as a shared library, through the compiler wrapper:
# CXX="ccprof-c++ COMPILER" cmake (docs/build-systems.md, "CMake").  Runs
# its own suite, ctest: xmltest, about 400 checks of parsing, printing
# and the DOM, linked with the shared libtinyxml2.so, counted one result
# per check from its output ("[pass]" / "[fail]" lines).
# Environment (realworld/run.sh): RW_WRAP_CXX, RW_OPT, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_WRAP_CXX:?}" "${RW_OPT?}"
rm -rf "$work/b"
CXX="$RW_WRAP_CXX" cmake -S "$src" -B "$work/b" -DCMAKE_BUILD_TYPE=None \
	-DCMAKE_CXX_FLAGS="$RW_OPT" -DBUILD_SHARED_LIBS=ON \
	-Dtinyxml2_BUILD_TESTING=ON >"$work/configure.log" 2>&1 ||
	{ tail -30 "$work/configure.log" >&2; exit 1; }
cmake --build "$work/b" -j "${RW_JOBS:-2}" >"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
st=0
(cd "$work/b" && ctest -V) >"$work/test.log" 2>&1 || st=$?
echo "ctest exit status $st" >>"$work/test.log"
: >"$work/results"
# xmltest prints "[pass] what" or "[fail] what" per check; a name may
# repeat, so each gets its ordinal.
awk '/\[pass\]/ { n++; sub(/.*\[pass\] */, ""); print "PASS " n " " $0 }
     /\[fail\]/ { n++; sub(/.*\[fail\] */, ""); print "FAIL " n " " $0 }' \
	"$work/test.log" >>"$work/results"
grep -q '100% tests passed' "$work/test.log" && echo "PASS ctest" >>"$work/results" ||
	echo "FAIL ctest (status $st)" >>"$work/results"
