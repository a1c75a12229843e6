#!/bin/sh
# realworld/run.sh [PROGRAM...] - build real programs from Debian source
# packages seven ways and run their own test suites (docs/realworld.md):
#
#   plain    gcc -O2, no ccprof: the reference
#   gcc      gcc -O2 with the ccprof GCC plugin
#   clang14  clang 14 -O2 with the ccprof LLVM 14 pass plugin
#   clang22  clang 22 -O2 with the ccprof LLVM 22 pass plugin
#   gcc-context, clang14-context, clang22-context
#            the same in context mode (plugin option mode=context)
#
# PROGRAM is a directory of realworld/ with a test.sh (default: lua5.4
# bzip2 xz-utils libevent fribidi tinyxml2 fribidi-meson jansson fmtlib).
# Every test that passes in "plain" must pass in each
# instrumented build, and each instrumented build must write at least one
# profile, all of which must import with ccprof-report (in context mode,
# each with its calling contexts).  Prints a table and
# writes it to realworld/RESULTS.md (only when every program is run).
# Exit status 0 when all of that holds.
#
# Environment: CCPROF_BUILD (ccprof's build directory, default build/),
# RW_OUT (work directory, default $CCPROF_BUILD/realworld), RW_BUILDS
# (default "plain gcc clang14 clang22 gcc-context clang14-context
# clang22-context"), RW_JOBS (parallel compiles,
# default nproc), CCPROF_BENCH_CACHE (the source cache of
# bench/fetch-sources.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
build=$(cd "${CCPROF_BUILD:-$repo/build}" && pwd)
out=${RW_OUT:-$build/realworld}
config=$build/bin/ccprof-config
report=$build/bin/ccprof-report
all_builds="plain gcc clang14 clang22 gcc-context clang14-context clang22-context"
builds=${RW_BUILDS:-$all_builds}
RW_JOBS=${RW_JOBS:-$(nproc 2>/dev/null || echo 2)}
export RW_JOBS
all_programs="lua5.4 bzip2 xz-utils libevent fribidi tinyxml2 fribidi-meson jansson fmtlib"
programs=${*:-$all_programs}
mkdir -p "$out"

say() { echo "realworld: $*" >&2; }

# Each build gives a program's test.sh both recipes (docs/build-systems.md):
#   flags:   RW_CC/RW_CXX the compilers, RW_CFLAGS "-O2 $(ccprof-config
#            --cc=RW_CC --plugin-flags)" (for C and C++ alike), RW_LIBS
#            "$(ccprof-config --libs)";
#   wrapper: RW_WRAP_CC="ccprof-cc RW_CC", RW_WRAP_CXX="ccprof-c++ RW_CXX",
#            with RW_OPT=-O2 as the only flag.
# In plain, RW_WRAP_* are the bare compilers and RW_CFLAGS is -O2.  A
# build NAME-context adds the plugin option mode=context: to RW_CFLAGS
# (ccprof-config --plugin-option) and, for the wrapper, in
# CCPROF_PLUGIN_OPTIONS.
set_build() { # name -> RW_CC RW_CXX RW_CFLAGS RW_LIBS RW_WRAP_CC RW_WRAP_CXX RW_OPT
	options=
	case $1 in *-context) options=mode=context ;; esac
	case ${1%-context} in
	plain|gcc) RW_CC=gcc RW_CXX=g++ ;;
	clang14) RW_CC=/usr/lib/llvm-14/bin/clang RW_CXX=/usr/lib/llvm-14/bin/clang++ ;;
	clang22) RW_CC=/usr/lib/llvm-22/bin/clang RW_CXX=/usr/lib/llvm-22/bin/clang++ ;;
	*) say "unknown build $1"; exit 2 ;;
	esac
	RW_OPT=-O2
	if [ "$1" = plain ]; then
		RW_CFLAGS=-O2 RW_LIBS= RW_WRAP_CC=$RW_CC RW_WRAP_CXX=$RW_CXX
	else
		RW_CFLAGS="-O2 $($config --cc="$RW_CC" --plugin-flags ${options:+--plugin-option=$options})"
		RW_LIBS=$($config --libs)
		RW_WRAP_CC="$build/bin/ccprof-cc $RW_CC"
		RW_WRAP_CXX="$build/bin/ccprof-c++ $RW_CXX"
	fi
	CCPROF_PLUGIN_OPTIONS=$options
	export RW_CC RW_CXX RW_CFLAGS RW_LIBS RW_WRAP_CC RW_WRAP_CXX RW_OPT CCPROF_PLUGIN_OPTIONS
}

# The Debian source package of a program directory: its name, or the
# first line of its file "source" (fribidi-meson builds fribidi again).
source_of() {
	if [ -f "$here/$1/source" ]; then head -n 1 "$here/$1/source"; else echo "$1"; fi
}

# Programs whose tests do the same work in every run, so that every
# compiler's profiles must have the same cost centres with the same call
# counts (summed over the test processes).  Not Lua: its string hashes are
# seeded from addresses and the time, so table work varies run to run.
# Not {fmt} (fmtlib): GCC and clang count C++ differently there
# (docs/realworld.md).
same_work_programs="bzip2 xz-utils fribidi tinyxml2 fribidi-meson jansson"
cross=$out/cross.tsv
: >"$cross"

# name,calls of every cost centre that ran, over all of a build's runs,
# but those named in the program's file "counts-may-differ" (one name a
# line; # comments say why each may differ between compilers).
calls_by_name() { # work directory, program
	skip=
	if [ -f "$here/$2/counts-may-differ" ]; then
		skip="AND name NOT IN ($(sed "/^#/d; /^\$/d; s/'/''/g; s/.*/'&'/" "$here/$2/counts-may-differ" | paste -sd, -))"
	fi
	"$report" --db "$1/ccprof.db" --no-import --format csv --sql \
		"SELECT name, sum(calls) FROM flat WHERE id >= 0 $skip
		 GROUP BY name HAVING sum(calls) > 0 ORDER BY name"
}

# the table's rows, one line per program x build, tab-separated:
# program build passed failed regressions profiles imported top3 seconds
rows=$out/rows.tsv
: >"$rows"
status=0
for prog in $programs; do
	[ -f "$here/$prog/test.sh" ] || { say "no realworld/$prog/test.sh"; exit 2; }
	tree=$(sh "$repo/bench/fetch-sources.sh" "$(source_of "$prog")" | tail -n 1)
	[ -d "$tree" ] || { say "$prog: no source tree"; exit 1; }
	for b in $builds; do
		set_build "$b"
		work=$out/$prog/$b
		rm -rf "$work"
		mkdir -p "$work/profiles" "$work/build-profiles"
		# configure checks and build steps that run instrumented
		# programs write their profiles here, not among the tests'
		export CCPROF_OUT="$work/build-profiles/ccprof-%p.out"
		export RW_PROFILES="$work/profiles"
		say "$prog: $b: build and test in $work"
		t0=$(date +%s)
		if ! sh "$here/$prog/test.sh" "$tree" "$work" >"$work/run.log" 2>&1; then
			say "$prog: $b: build or test script failed (see $work/run.log):"
			tail -n 15 "$work/run.log" >&2
			echo "FAIL build" >>"$work/results"
		fi
		t1=$(date +%s)
		passed=$(grep -c '^PASS ' "$work/results" || true)
		failed=$(grep -c '^FAIL ' "$work/results" || true)
		# tests that passed in plain and did not pass here
		regress=0
		if [ "$b" != plain ] && [ -f "$out/$prog/plain/results" ]; then
			grep '^PASS ' "$out/$prog/plain/results" | sort >"$work/plain-pass"
			grep '^PASS ' "$work/results" | sort >"$work/pass"
			comm -23 "$work/plain-pass" "$work/pass" >"$work/regressions"
			regress=$(wc -l <"$work/regressions")
			if [ "$regress" -gt 0 ]; then
				say "$prog: $b: passed uninstrumented, not here:"
				sed 's/^PASS /  /' "$work/regressions" >&2
				status=1
			fi
		fi
		nprof=0 imported=- top=-
		if grep -q '^SKIP ' "$work/results"; then
			say "$prog: $b: tests skipped ($(sed -n 's/^SKIP //p' "$work/results"))"
			passed=skipped
			top="tests skipped: $(sed -n 's/^SKIP //p' "$work/results") not found"
		elif [ "$b" != plain ]; then
			nprof=$(find "$work/profiles" -name 'ccprof-*.out' | wc -l)
			if [ "$nprof" -eq 0 ]; then
				say "$prog: $b: no profile written"
				status=1
				imported=0
			elif find "$work/profiles" -name 'ccprof-*.out' -print0 |
				xargs -0 "$report" --db "$work/ccprof.db" --sql "SELECT 1" \
					>"$work/import.log" 2>&1; then
				imported=$("$report" --db "$work/ccprof.db" --format csv \
					--sql "SELECT count(*) FROM runs" | tail -n 1)
				# the largest profile: the run with the most samples
				run=$("$report" --db "$work/ccprof.db" --format csv \
					--sql "SELECT id FROM runs ORDER BY ticks DESC, id LIMIT 1" | tail -n 1)
				"$report" --db "$work/ccprof.db" --no-import --run "$run" \
					>"$work/largest-profile.txt" 2>&1 || true
				top=$("$report" --db "$work/ccprof.db" --format csv --sql \
					"SELECT name || ' ' || printf('%.0f%%', pct) FROM flat WHERE run = $run
					 ORDER BY ticks DESC, calls DESC, name LIMIT 3" | tail -n +2 |
					tr -d '"' | paste -sd, - | sed 's/,/, /g')
				top="$top (run $run: $("$report" --db "$work/ccprof.db" --format csv --sql \
					"SELECT printf('%.2f s, ', cpu) || args FROM runs WHERE id = $run" |
					tail -n 1 | tr -d '"' | sed 's#, /[^ ]*/#, #; s# /[^ ]*/# #g' |
					cut -c1-50))"
			else
				say "$prog: $b: the profiles do not import:"
				tail -n 5 "$work/import.log" >&2
				imported=0
				status=1
			fi
			[ "$imported" = "$nprof" ] || status=1
			# context mode: every process wrote its calling contexts
			case $b in *-context)
				noctx=$("$report" --db "$work/ccprof.db" --no-import --format csv --sql \
					"SELECT count(*) FROM runs r WHERE NOT EXISTS
					 (SELECT 1 FROM contexts c WHERE c.run = r.id)" | tail -n 1)
				if [ "$noctx" != 0 ]; then
					say "$prog: $b: $noctx profiles without calling contexts"
					status=1
				fi ;;
			esac
		fi
		[ "$failed" -eq 0 ] || [ "$b" != plain ] || say "$prog: plain: $failed tests fail uninstrumented"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$b" "$passed" "$failed" \
			"$regress" "$nprof" "$imported" "$top" "$((t1 - t0))" >>"$rows"
	done
	case " $same_work_programs " in *" $prog "*) ;; *) continue ;; esac
	first=
	for b in $builds; do
		[ "$b" != plain ] && [ -f "$out/$prog/$b/ccprof.db" ] || continue
		calls_by_name "$out/$prog/$b" "$prog" >"$out/$prog/$b/calls.csv" || true
		if [ -z "$first" ]; then first=$b; continue; fi
		ndiff=$(diff "$out/$prog/$first/calls.csv" "$out/$prog/$b/calls.csv" |
			grep -c '^[<>]' || true)
		if [ "$ndiff" -gt 0 ]; then
			say "$prog: $b and $first differ in cost centres or call counts:"
			diff "$out/$prog/$first/calls.csv" "$out/$prog/$b/calls.csv" | head -n 10 >&2
			status=1
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$b" "$first" \
			"$(($(wc -l <"$out/$prog/$b/calls.csv") - 1))" \
			"$(awk -F, 'NR > 1 { s += $NF } END { print s + 0 }' "$out/$prog/$b/calls.csv")" \
			"$ndiff" >>"$cross"
	done
done

table() {
	echo "| program | build | passed | failed | regressions | profiles | imported | top 3 cost centres of the largest profile | s |"
	echo "|---|---|---|---|---|---|---|---|---|"
	awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }' "$rows"
}
cross_table() {
	echo "| program | build | compared with | cost centres that ran | calls | lines that differ |"
	echo "|---|---|---|---|---|---|"
	awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$cross"
}
echo
table
if [ -s "$cross" ]; then echo; cross_table; fi
if [ "$programs" = "$all_programs" ] && [ "$builds" = "$all_builds" ]; then
	{
		echo "# make realworld: results"
		echo
		echo "Written by \`realworld/run.sh\` ([docs/realworld.md](../docs/realworld.md))"
		echo "on $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -srm), $(nproc) CPUs,"
		echo "$(gcc --version | head -n 1), $(/usr/lib/llvm-14/bin/clang --version | head -n 1),"
		echo "$(/usr/lib/llvm-22/bin/clang --version | head -n 1)."
		echo "Sources: $(for p in $programs; do basename "$(sh "$repo/bench/fetch-sources.sh" "$(source_of "$p")" | tail -n 1)"; done | sort -u | paste -sd, - | sed 's/,/, /g') (Debian)."
		echo
		echo "passed/failed: the program's own tests; regressions: tests that pass in"
		echo "plain (gcc -O2, no ccprof) and not in this build; profiles: files written"
		echo "by the test processes; imported: runs ccprof-report imported from them;"
		echo "the largest profile is the run with the most samples; s: wall seconds of"
		echo "build + tests.  NAME-context: the same compiler in context mode"
		echo "(mode=context), where every profile must also hold its calling contexts."
		echo
		table
		if [ -s "$cross" ]; then
			echo
			echo "Same work, same counts: for programs whose tests do the same"
			echo "work in every run ($same_work_programs), each compiler's profiles,"
			echo "in flat and in context mode (its flat profile: each cost centre's"
			echo "calls summed over its contexts), must name the same cost centres"
			echo "with the same call counts, summed over all test processes."
			echo
			cross_table
		fi
		if [ $status -ne 0 ]; then echo; echo "**Some checks failed** (see the log of the run)."; fi
	} >"$here/RESULTS.md"
	say "wrote realworld/RESULTS.md"
fi
if [ $status -eq 0 ]; then say "all checks passed"; else say "SOME CHECKS FAILED"; fi
exit $status
