#!/usr/bin/env python3
"""run.py - `make bench`: run every benchmark (or the parts named) and write
bench/RESULTS.md, which it also prints.

    python3 bench/run.py [overhead] [instructions] [breakdown] [accuracy] [threads] [compiletime] [reporter] [scc] [events] [contexts] [sampling] [startup]

Each part is its own script (overhead.py, breakdown.py, accuracy.py,
compiletime.py, instructions.py, reporter.py, scc.py, events.py, contexts.py,
sampling.py, startup.py) and saves its table under $BENCH_OUT/results/; RESULTS.md
is assembled from the saved tables, so one part can be re-run alone and
the others are kept (each table says when it was measured); a part with
no saved table here keeps its section of the RESULTS.md in the tree.
BENCH_QUICK=1 for a quick development run (fewer pairs, smaller inputs).
"""
import datetime
import os
import subprocess
import sys
import time

import common
import programs
from common import HERE, OUT, log

PARTS = ["overhead", "instructions", "breakdown", "accuracy", "threads", "compiletime",
         "reporter", "scc", "events", "contexts", "sampling", "startup"]
TITLES = {
    "overhead": "Run-time overhead (CPU time ratio to the plain -O2 build of the same compiler)",
    "instructions": "Instructions executed (valgrind): ccprof and peers vs the plain -O2 build",
    "breakdown": "Appel's overhead breakdown (Lua, calls.lua)",
    "accuracy": "Accuracy: reported share of run time (measured truth of the run) in percent; **bold**: more than 2 points off",
    "threads": "Counting calls with threads: CPU time ratio to the plain build, and the calls counted; thread churn; handoff",
    "compiletime": "Compile time: plugin vs no plugin (sqlite3.c and ninja's C++, -O2 -c)",
    "reporter": "ccprof-report: importing and reading many profiles",
    "scc": "The cost of a CCPROF_SCC annotation entered 10^8 times",
    "events": "CCPROF_EVENTS: the meters off and on (allocation-heavy program; CPU time ratio to libccprof without meters)",
    "contexts": "Context mode (mode=context) beside flat mode: CPU time ratio to the plain -O2 build, and memory",
    "sampling": "What one sample costs on this machine, mechanism by mechanism",
    "startup": "What a short process pays: start and exit with ccprof",
}
NOTES = {
    "startup": (
        "bench/startup.py: `lua -e \"x=1\"` (the overhead table's Lua, "
        "1,071 cost centres), plain and with ccprof in flat and context "
        "mode, default rate; rounds alternate the builds, each runs every "
        "build 20 times and takes the CPU time (user+sys, wait4) and minor "
        "page faults per process.  Each cell: the median over the rounds "
        "(min–max), and for ccprof the difference to the plain build and "
        "the size of the profile written at exit: what every process of a "
        "test suite or a build pays once (docs/runtime.md, \"What a "
        "process's start and exit cost\")."),
    "sampling": (
        "bench/sampling/cost.c (gcc -O2): a compute loop over 256 KiB, "
        "about a CPU-second, alone and sampled about 1000 times a "
        "CPU-second by one mechanism each; rounds alternate the "
        "variants.  CPU time: the median over the rounds; µs per sample: "
        "(median - the loop alone's) / samples (the handler's count; for "
        "the interrupt without a signal and for libccprof, the loop's "
        "CPU milliseconds).  The last row is the loop built with ccprof "
        "and sampled by libccprof at its default rate."),
    "contexts": (
        "bench/contexts.py: the overhead programs built plain, with ccprof "
        "in flat mode and in context mode (-O2, default rate; with clang "
        "transitions=call-site, the default), paired "
        "alternating runs against the plain build as in the overhead "
        "table; context mode also with sampling off (`CCPROF_HZ=0`: "
        "the instrumentation alone; the difference is what the timer "
        "interrupts cost on this machine, see the sampling table).  "
        "contexts: the `ctx` records of one run (one thread: the "
        "nodes allocated); peak RSS: the largest "
        "maximum resident set of the program's steps (GNU time's %M; "
        "until 2026-11-23 these columns were the benchmark script's own "
        "RSS, inherited at fork), which includes the nodes and their "
        "kid slots (32 bytes, 8 per direct call site and 32 of links, in "
        "whole 64-byte lines), the thread's "
        "transition tables (32 KiB at first, up to 512 KiB for 2,048 "
        "nodes or more, touched where used) and the "
        "memo tables (from the same arena: 128 bytes per cost centre "
        "entered, growing to 4 KiB for one entered from many contexts; "
        "8 bytes of TLS per cost centre)."),
    "scc": (
        "bench/scc/scope.c: 10^8 xorshift steps, each in "
        "`CCPROF_SCC(\"step\") { ... }`, against the same loop without the "
        "annotation, both built with ccprof (-O2, counters=thread) and run "
        "with `CCPROF_HZ=0`; paired alternating runs.  ns per entry: the "
        "difference of the median CPU times over 10^8.  Entering a scope "
        "counts it and sets `current`, leaving sets `current` back: three "
        "stores and a load, as a call of a profiled function costs."),
    "overhead": (
        "Each cell: median ratio of CPU time (user+sys of the program and "
        "its children, from wait4) of the profiled build to the plain -O2 "
        "build of the same compiler, over paired alternating runs (at least "
        "5 pairs, up to 11 while the ratios spread more than 5%), with the "
        "min–max of the ratios.  ccprof runs use the default rate "
        "(`CCPROF_HZ` unset: 1000 Hz asked) and include writing "
        "`ccprof.out`; gprof runs include writing `gmon.out`; perf's cell is "
        "the CPU time of `perf record` and the program together.  With "
        "clang, sqlite3.c is over `current-limit` (4096 TLS-offset stores) "
        "and sets `current` to the record's address.  Goal: "
        "ccprof ≤ 1.10×."),
    "instructions": (
        "Instructions executed, counted by valgrind's cachegrind (no cache "
        "simulation), as the increase over the plain -O2 build of the same "
        "compiler; ccprof with `CCPROF_HZ=0`, default options, and with "
        "everything profiled (`system=profile leaf-size=0`: the standard "
        "library and tiny leaves as every function, as before issue 14).  "
        "Deterministic, unlike the CPU "
        "times above, and on these programs the CPU-time ratio follows it "
        "closely.  Smaller inputs than above (Lua scale 1, speedtest1 "
        "--size 10, 4 MB for bzip2, 50,000 records for jq, 40,000 edges "
        "for ninja)."),
    "breakdown": (
        "Appel (1988, §5) measured the cost of call counting, of setting "
        "`current` and of the interrupts separately.  Here: the plugin "
        "options `count=off` / `current=off` build a binary with only one "
        "half of the inserted code, and `CCPROF_HZ=0` turns sampling off. "
        "Ratios to the plain build of the same compiler, paired runs."),
    "accuracy": (
        "Nominal truth (the truth % column) is by construction (work.h: a "
        "xorshift-multiply chain, the same cost per step everywhere; every "
        "build with -falign-loops=32, since a loop that straddles a 32-byte "
        "boundary runs slower here).  Each run also measures its own truth "
        "(work.h's TRUTH_LAP: time stamp counter cycles of each function's "
        "calls), shown in parentheses; errors are against it, and the row "
        "max |measured − nominal| shows how far the truth moved.  ccprof: ticks of the cost centre "
        "/ all ticks of the run (`ccprof.out`), at the rate the kernel "
        "achieves for 1000 Hz asked (see the samples row); gprof: `gprof -b -p` flat profile (100 Hz); perf: `perf report "
        "--no-children --sort symbol` self % (1000 Hz).  froyd: c excluded "
        "from ccprof (at -O2 also d, which -O2 inlines into c, with "
        "`leaf-size=0` so that c restores `current` after d); for gprof "
        "the call graph's self+children of a and b (`gprof -b -q`, which "
        "splits c's time by call counts), for perf `--children` of a and b; "
        "plain and -pg builds at -O2 delete the loop of empty calls, so there "
        "is nothing to measure.  With n samples a share p has a binomial "
        "standard deviation of √(p(1−p)/n): 1.5 points for 60% at 1000 "
        "samples, so in the randomly-phased programs (interleaved, inlined) "
        "a 2-point miss is expected now and then."),
    "threads": (
        "bench/threads/calls.c: T threads share 10^8 calls of one small "
        "out-of-line function (the worst case for a shared counter).  "
        "counters=plain: one shared word, non-atomic; atomic: shared, "
        "`lock add`; thread (the default): the thread's own slot in static "
        "TLS, folded into the total when the thread exits.  CCPROF_HZ=0; "
        "CPU time ratio to the plain -O2 build (paired runs) and the calls "
        "the profile reports as a share of the true number.  The second "
        "table: threads started and ended one after the other, as a server "
        "that starts a thread per request does (bench/threads/churn.c); a "
        "thread's start and end with ccprof include its sampling source, "
        "its alternate signal stack and, in context mode, the fold of its "
        "tree once it is gone.  The third table: two threads handing a "
        "byte back and forth through pipes (bench/threads/handoff.c), a "
        "context switch per thread per round; by default a thread that "
        "blocks that often is sampled by its CPU-time timer on the tick, "
        "and CCPROF_CLOCK=cpu-perf keeps its task-clock event, whose timer "
        "the kernel stops and starts at every switch (docs/runtime.md, "
        "\"Threads that block often\")."),
    "compiletime": (
        "CPU time (user+sys of the driver and the compiler proper) of "
        "`CC -O2 -c sqlite3.c` and of `CXX -O2 -c` of ninja's 28 .cc files "
        "with and without the plugin, paired alternating runs; with the "
        "default options (with clang, a unit of more than 4096 TLS-offset "
        "asm stores, as sqlite3.c, gets the record's address instead: "
        "`current-limit`), `current=offset` (the asm stores however many), "
        "`current=address` (no TLS-offset asm stores), "
        "`system=profile leaf-size=0` (everything profiled, as before "
        "issue 14) and `mode=context` (calling contexts).  Goal: ≤ 1.10× "
        "(flat mode, the default; context mode has none)."),
    "reporter": (
        "bench/reporter.py writes 1,000 profiles of one program (1,000 cost "
        "centres in 10 modules each, half of them C++ names to demangle), as "
        "a job writing ccprof.%p.out per process leaves them, and times "
        "ccprof-report (wall and CPU seconds, each run into a new database): "
        "importing all of them at once, their flat profile summed "
        "(`--merge`), one run's flat profile, and `--runs`."),
    "events": (
        "bench/events/alloc_io.c: rounds of 1000 malloc/free of 16 to 4111 "
        "bytes, 50 realloc and a 64-byte write and read through a pipe, in "
        "small profiled functions; ccprof -O2 build, default rate.  Each "
        "cell: median ratio of CPU time to the same binary run with a "
        "libccprof.so linked without the meters (meters_alloc.o, "
        "meters_io.o: malloc and read go straight to libc, as before "
        "CCPROF_EVENTS), paired alternating runs.  `unset`: the meters are "
        "interposed but off.  Goal: unset = 1.00×."),
}


def run_part(part):
    log("== %s" % part)
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, os.path.join(HERE, part + ".py")])
    log("== %s took %.1f min" % (part, (time.monotonic() - t0) / 60))
    if r.returncode != 0:
        log("run: %s failed (exit %d)" % (part, r.returncode))
        return False
    with open(os.path.join(OUT, "results", part + ".when"), "w") as f:
        f.write("%s (%.0f min), load average after: %s%s\n" % (
            datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            (time.monotonic() - t0) / 60,
            common.loadavg(), ", quick mode" if common.QUICK else ""))
    return True


def kept_sections():
    """The sections of the RESULTS.md in the tree, by heading: a part not
    measured on this machine (no saved table under $BENCH_OUT) keeps the
    section it had, so that re-running one part on a fresh machine does
    not drop the others."""
    path = os.path.join(HERE, "RESULTS.md")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        text = f.read()
    sections = {}
    for chunk in text.split("\n## ")[1:]:
        heading, _, body = chunk.partition("\n")
        sections[heading.strip()] = body.rstrip("\n")
    return sections


def assemble(machine_line):
    kept = kept_sections()
    out = ["# ccprof benchmark results", "",
           "Written by `make bench` (`python3 bench/run.py`); see "
           "[docs/benchmarks.md](../docs/benchmarks.md) for what is measured "
           "and how.", "",
           "**Machine:** " + machine_line, "",
           "**Programs:** " + "; ".join(programs.get(n).describe() for n in programs.ORDER)
           + " (Debian source packages, built -O2 directly with the compiler).", ""]
    for part in PARTS:
        md = os.path.join(OUT, "results", part + ".md")
        if not os.path.exists(md):
            if TITLES[part] in kept:
                log("%s: not measured here; its section of RESULTS.md is kept" % part)
                out += ["## " + TITLES[part] + "\n" + kept[TITLES[part]], ""]
            continue
        when = ""
        w = os.path.join(OUT, "results", part + ".when")
        if os.path.exists(w):
            with open(w) as f:
                when = f.read().strip()
        out += ["## " + TITLES[part], "", "Measured %s." % when if when else "", "",
                NOTES[part], ""]
        with open(md) as f:
            out.append(f.read())
    return "\n".join(out)


def main():
    parts = sys.argv[1:] or PARTS
    bad = [p for p in parts if p not in PARTS]
    if bad:
        sys.exit("run.py: unknown part(s) %s (parts: %s)" % (" ".join(bad), " ".join(PARTS)))
    if not os.path.exists(common.CONFIG):
        sys.exit("run.py: %s is missing; run `make build` first" % common.CONFIG)
    machine_line = "%s Date: %s." % (common.machine(),
                                     datetime.date.today().isoformat())
    for n in programs.ORDER:
        programs.get(n)  # fetch and prepare everything first
    ok = all([run_part(p) for p in parts])
    text = assemble(machine_line)
    with open(os.path.join(HERE, "RESULTS.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
