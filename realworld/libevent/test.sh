#!/bin/sh
# realworld/libevent/test.sh SRC WORK - build libevent (static library and
# its regression suite, test/regress, with the package's CMake build) from
# Debian's libevent source tree SRC into WORK, and run the suite: about 340
# tests of event loops, timeouts, timers, signals, buffered I/O, DNS and
# HTTP on loopback, each in a forked process with a 60 s limit.  It is the
# realworld program whose tests sleep, wait with timeouts and run event
# loops: a sampler that interrupted sleeps or timed waits (EINTR) would
# make its timeout tests fail where the plain build passes.
# Writes WORK/results: "PASS name" / "FAIL name" per test, "SKIP" never
# (the suite's own skipped tests are left out).
# Environment (realworld/run.sh): RW_CC, RW_CFLAGS, RW_LIBS, RW_PROFILES,
# RW_JOBS.
set -eu
src=$1 work=$2
: "${RW_CC:?}" "${RW_CFLAGS?}" "${RW_LIBS?}"
mkdir -p "$work/build"
# The plugin and its flags are in CMAKE_C_FLAGS at configure time, as a
# user would pass them, and the runtime in CMAKE_EXE_LINKER_FLAGS, which
# CMake's own compiler checks use too: there it comes before the objects,
# where $(ccprof-config --libs) keeps itself from --as-needed (Debian's
# gcc default).  libevent asks for CMake 3.1, whose policies leave the
# linker flags out of try_compile (CMP0056): set it NEW, or the compiler
# check links an instrumented program without libccprof and fails.
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=None \
	-DCMAKE_POLICY_DEFAULT_CMP0056=NEW \
	-DCMAKE_C_COMPILER="$RW_CC" -DCMAKE_C_FLAGS="$RW_CFLAGS" \
	-DCMAKE_EXE_LINKER_FLAGS="$RW_LIBS" \
	-DEVENT__LIBRARY_TYPE=STATIC -DEVENT__DISABLE_OPENSSL=ON \
	-DEVENT__DISABLE_MBEDTLS=ON -DEVENT__DISABLE_BENCHMARK=ON \
	-DEVENT__DISABLE_SAMPLES=ON -DEVENT__DISABLE_DEBUG_MODE=ON \
	>"$work/configure.log" 2>&1
cmake --build "$work/build" -j "${RW_JOBS:-2}" --target regress \
	>"$work/build.log" 2>&1

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
: >"$work/results"
st=0
(cd "$work/build" && ./bin/regress --timeout 60) >"$work/test.log" 2>&1 || st=$?
# "group/name: [forking] OK" passes; "[group/name FAILED]" fails (the
# suite prints its assertions between); SKIPPED tests are not counted.
sed -n 's/^\([^ :]*\): \[forking\] OK$/PASS \1/p' "$work/test.log" >>"$work/results"
sed -n 's/^ *\[\([^ ]*\) FAILED\]$/FAIL \1/p' "$work/test.log" >>"$work/results"
grep -q '^PASS ' "$work/results" || { echo "FAIL regress (status $st, no test passed)" >>"$work/results"; }
exit 0
