#!/bin/sh
# realworld/bzip2/test.sh SRC WORK - build bzip2 from Debian's bzip2 source
# tree SRC (copied to WORK/src) with the package's own plain Makefile, the
# way its users pass flags (docs/build-systems.md, "Plain Makefiles"):
#   make CC=... CFLAGS="... plugin flags" LDFLAGS="$(ccprof-config --libs)"
# Debian's Makefile links bzip2 with the shared libbz2.so, both with
# $(LDFLAGS) before the objects.  Then runs
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
rm -rf "$work/src"
cp -R "$src" "$work/src"
mkdir -p "$work/bin"
make -C "$work/src" CC="$RW_CC" CFLAGS="$RW_CFLAGS -w -D_FILE_OFFSET_BITS=64" \
	LDFLAGS="$RW_LIBS -Wl,-rpath,$work/src" bzip2 >"$work/build.log" 2>&1 ||
	{ tail -30 "$work/build.log" >&2; exit 1; }
cp "$work/src/bzip2" "$work/bin/bzip2"
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
