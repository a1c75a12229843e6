#!/bin/sh
# realworld/bzip2/test.sh SRC WORK - build bzip2 (libbz2 objects + bzip2.c,
# as the package's Makefile does) from Debian's bzip2 source tree SRC into
# WORK, and run
#   - the Makefile's "test" target, as 6 tests: compress sample1..3 at
#     -1..-3 and compare with sample*.bz2, decompress sample*.bz2 and compare
#     with sample*.ref (sample3 with -s, small-memory decompression);
#   - the package's autopkgtests (debian/tests) compare, compress, grep, with
#     the bzip2 built here (and the source's bzdiff, bzgrep) first on PATH;
#     "bigfile" (a 2 GiB file) is left out, link-with-shared needs an
#     installed libbz2-dev.
# Writes WORK/results: "PASS name" / "FAIL name" lines.
# Environment (realworld/run.sh): RW_CC, RW_CFLAGS, RW_LIBS, RW_PROFILES.
set -eu
src=$1 work=$2
: "${RW_CC:?}" "${RW_CFLAGS?}" "${RW_LIBS?}"
mkdir -p "$work/obj" "$work/bin"
objs=""
for u in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
	# shellcheck disable=SC2086
	$RW_CC $RW_CFLAGS -w -D_FILE_OFFSET_BITS=64 -c "$src/$u.c" -o "$work/obj/$u.o"
	objs="$objs $work/obj/$u.o"
done
# shellcheck disable=SC2086
$RW_CC $RW_CFLAGS -o "$work/bin/bzip2" $objs $RW_LIBS
ln -sf bzip2 "$work/bin/bunzip2"
ln -sf bzip2 "$work/bin/bzcat"
for s in bzdiff bzgrep bzmore; do
	cp "$src/$s" "$work/bin/$s"
	chmod +x "$work/bin/$s"
done

export CCPROF_OUT="$RW_PROFILES/ccprof-%p.out"
t=$work/t
rm -rf "$t"
mkdir -p "$t"
: >"$work/results"
: >"$work/test.log"
result() { # name, then the command's status
	if [ "$2" -eq 0 ]; then echo "PASS $1"; else echo "FAIL $1"; fi >>"$work/results"
}
bz=$work/bin/bzip2
for n in 1 2 3; do
	st=0
	"$bz" -$n <"$src/sample$n.ref" >"$t/sample$n.rb2" && cmp "$src/sample$n.bz2" "$t/sample$n.rb2" >>"$work/test.log" 2>&1 || st=$?
	result "make-test compress sample$n -$n" $st
done
for n in 1 2 3; do
	st=0
	opt=-d
	[ $n = 3 ] && opt=-ds
	"$bz" $opt <"$src/sample$n.bz2" >"$t/sample$n.tst" && cmp "$src/sample$n.ref" "$t/sample$n.tst" >>"$work/test.log" 2>&1 || st=$?
	result "make-test decompress sample$n $opt" $st
done
for test in compare compress grep; do
	d=$t/autopkgtest-$test
	mkdir -p "$d"
	st=0
	(cd "$d" && AUTOPKGTEST_TMP=$d PATH=$work/bin:$PATH sh "$src/debian/tests/$test") \
		>>"$work/test.log" 2>&1 || st=$?
	result "autopkgtest $test" $st
done
