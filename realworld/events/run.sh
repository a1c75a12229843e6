#!/bin/sh
# realworld/events/run.sh - acceptance of CCPROF_EVENTS=alloc,io on a real
# program: XZ Utils' xz (Debian source package, built with each compiler's
# plugin, static liblzma) compresses and decompresses a 4 MB text, and the
# allocation and I/O columns of its profile are compared with independent
# counts of the same run: strace (bytes and calls of read and write on the
# data's descriptors) and ltrace (malloc, calloc, realloc, free called from
# the xz executable, with their arguments).  docs/realworld.md says what
# is compared and what is not.  Exit status 0 when every count agrees.
#
#   CCPROF_BUILD=build sh realworld/events/run.sh [gcc] [clang14] [clang22]
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${CCPROF_BUILD:-$repo/build}" && pwd)
config="$build/bin/ccprof-config"
work="$build/realworld-events"
compilers=${*:-gcc clang14 clang22}
mkdir -p "$work"

src=$(sh "$repo/bench/fetch-sources.sh" xz-utils | tail -n 1)
python3 -c "
import random
random.seed(1)
words = [''.join(random.choice('abcdefghij') for _ in range(random.randint(2, 9))) for _ in range(500)]
open('$work/input.txt', 'w').write(' '.join(random.choice(words) for _ in range(700000)))
"
status=0
for c in $compilers; do
	case $c in
	gcc) cc=gcc flags=$(sh "$config" --gcc-plugin-flags) ;;
	clang*) cc=clang-${c#clang} flags=$(sh "$config" --clang-plugin-flags="${c#clang}") ;;
	*) echo "events: unknown compiler $c" >&2; exit 2 ;;
	esac
	b="$work/$c"
	mkdir -p "$b"
	ldflags="" libs=""
	for w in $(sh "$config" --libs); do
		case $w in -l*) libs="$libs $w" ;; *) ldflags="$ldflags $w" ;; esac
	done
	if [ ! -x "$b/src/xz/xz" ]; then
		echo "events: building xz with $c" >&2
		(cd "$b" && "$src/configure" CC="$cc" CFLAGS="-O2 $flags" \
			LDFLAGS="$ldflags" LIBS="$libs" --disable-shared \
			--disable-nls --disable-doc >configure.log 2>&1 &&
			make -j2 >build.log 2>&1) ||
			{ echo "events: xz does not build with $c (see $b)" >&2; status=1; continue; }
	fi
	for mode in compress decompress; do
		if [ $mode = compress ]; then
			args="-c -6 $work/input.txt" in="$work/input.txt" out="$b/out.xz"
		else
			args="-d -c $b/out.xz" in="$b/out.xz" out="$b/out.txt"
		fi
		rm -f "$b/$mode.prof"
		CCPROF_OUT="$b/$mode.prof" CCPROF_EVENTS=alloc,io strace -f -qq -y \
			-e trace=read,write,pread64,pwrite64,readv,writev,preadv,pwritev \
			-e signal=none -o "$b/$mode.strace" \
			"$b/src/xz/xz" $args >"$out"
		rm -f "$b/$mode.lt.prof"
		CCPROF_OUT="$b/$mode.lt.prof" CCPROF_EVENTS=alloc,io ltrace -f \
			-o "$b/$mode.ltrace" \
			-e 'malloc+calloc+realloc+free+aligned_alloc+posix_memalign' \
			"$b/src/xz/xz" $args >/dev/null
		python3 "$repo/realworld/events/compare.py" "$c $mode" \
			"$b/$mode.prof" "$b/$mode.strace" "$in" "$out" \
			"$b/$mode.lt.prof" "$b/$mode.ltrace" || status=1
	done
done
cmp -s "$work/input.txt" "$work/$(echo $compilers | cut -d' ' -f1)/out.txt" ||
	{ echo "events: the round trip changed the data" >&2; status=1; }
exit $status
