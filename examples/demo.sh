#!/bin/sh
# demo.sh BUILD - `make demo`: profile examples/primes.c with every
# compiler ccprof was built for (clang 14, clang 22, gcc) and print each
# flat profile.  Everything it writes goes under BUILD/demo.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
config="$build/bin/ccprof-config"
report="$build/bin/ccprof-report"
out="$build/demo"
mkdir -p "$out"
rm -f "$out/ccprof.db"

profile() { # NAME COMPILER PLUGIN-FLAGS
	name=$1 cc=$2 flags=$3
	echo
	echo "== $name: $cc -O2 $flags primes.c"
	# shellcheck disable=SC2086
	$cc -O2 $flags $("$config" --cflags) "$here/primes.c" \
		-o "$out/primes-$name" $("$config" --libs)
	CCPROF_OUT="$out/ccprof-$name.out" "$out/primes-$name"
	"$report" --db "$out/ccprof.db" "$out/ccprof-$name.out"
}

for v in $("$config" --llvm-versions); do
	profile "clang$v" "/usr/lib/llvm-$v/bin/clang" \
		"$("$config" --clang-plugin-flags="$v")"
done
if "$config" --gcc-plugin >/dev/null 2>&1; then
	profile gcc gcc "$("$config" --gcc-plugin-flags)"
fi
echo
echo "All runs are in $out/ccprof.db; try:"
echo "  $report --db $out/ccprof.db --sql \"SELECT run, name, calls, pct FROM flat WHERE name LIKE 'isPrime%'\""
