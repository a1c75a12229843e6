#!/bin/sh
# demo.sh BUILD - `make demo`: profile examples/primes.c with every
# compiler ccprof was built for (clang 14, clang 22, gcc) and print each
# flat profile; then, with the first of them, Appel's comparison (the
# program built again with isPrime.test excluded: its time goes to its
# caller isPrime) and ccprof's overhead (the plain build timed by
# ccprof-report --time).  Everything it writes goes under BUILD/demo.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
config="$build/bin/ccprof-config"
report="$build/bin/ccprof-report"
out="$build/demo"
mkdir -p "$out"
rm -f "$out/ccprof.db"

first_cc= first_flags= first_name=
profile() { # NAME COMPILER PLUGIN-FLAGS
	name=$1 cc=$2 flags=$3
	echo
	echo "== $name: $cc -O2 $flags primes.c"
	# shellcheck disable=SC2086
	$cc -O2 $flags $("$config" --cflags) "$here/primes.c" \
		-o "$out/primes-$name" $("$config" --libs)
	CCPROF_OUT="$out/ccprof-$name.out" "$out/primes-$name"
	"$report" --db "$out/ccprof.db" --label "$name" "$out/ccprof-$name.out"
	if [ -z "$first_cc" ]; then
		first_cc=$cc first_flags=$flags first_name=$name
	fi
}

# The option that excludes a function, for the compiler of NAME.
exclude_flag() { # NAME FUNCTION
	case $1 in
	gcc) echo "-fplugin-arg-ccprof-exclude=$2" ;;
	*) echo "-mllvm -ccprof-exclude=$2" ;;
	esac
}

compare() { # Appel's comparison and the overhead, with the first compiler
	name=$first_name cc=$first_cc flags=$first_flags
	excl=$(exclude_flag "$name" isPrime.test)
	echo
	echo "== $name, isPrime.test excluded: $cc -O2 $flags $excl primes.c"
	# shellcheck disable=SC2086
	$cc -O2 $flags $excl $("$config" --cflags) "$here/primes.c" \
		-o "$out/primes-$name-excluded" $("$config" --libs)
	CCPROF_OUT="$out/ccprof-$name-excluded.out" "$out/primes-$name-excluded" \
		> /dev/null
	"$report" --db "$out/ccprof.db" --label "$name-excluded" \
		"$out/ccprof-$name-excluded.out" > /dev/null
	echo "\$ ccprof-report --compare $name $name-excluded"
	"$report" --db "$out/ccprof.db" --compare "$name" "$name-excluded"
	echo
	echo "== $name without ccprof: $cc -O2 primes.c, timed 3 times"
	$cc -O2 "$here/primes.c" -o "$out/primes-$name-plain"
	"$report" --db "$out/ccprof.db" --time --repeat 3 --label "$name-plain" \
		-- "$out/primes-$name-plain" > /dev/null
	echo "\$ ccprof-report --compare $name $name-plain"
	"$report" --db "$out/ccprof.db" --compare "$name" "$name-plain"
}

for v in $("$config" --llvm-versions); do
	profile "clang$v" "/usr/lib/llvm-$v/bin/clang" \
		"$("$config" --clang-plugin-flags="$v")"
done
if "$config" --gcc-plugin >/dev/null 2>&1; then
	profile gcc gcc "$("$config" --gcc-plugin-flags)"
fi
compare
echo
echo "All runs are in $out/ccprof.db; try:"
echo "  $report --db $out/ccprof.db --runs"
echo "  $report --db $out/ccprof.db --sql \"SELECT run, name, calls, pct FROM flat WHERE name LIKE 'isPrime%'\""
echo "  $report --db $out/ccprof.db --compare $first_name $first_name-excluded --html $out/compare.html"
