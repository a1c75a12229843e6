#!/usr/bin/env python3
"""threads.py - how to count calls when threads share a function: the
measurement behind counters=thread (issue: "choose the design by
measurement").

    python3 bench/threads.py

bench/threads/calls.c: T threads make N calls of one small out-of-line
function between them (the worst case for a shared counter).  Built at
-O2 plain and with ccprof counters=plain (one shared word, non-atomic),
counters=atomic (shared, lock add) and counters=thread (the thread's own
slot in static TLS, folded into the total when the thread exits), per
compiler; run with T = 1 and 2 (this machine has 2 CPUs) and CCPROF_HZ=0,
so that only counting and `current` differ.  Per cell: the median ratio
of CPU time to the plain build over paired alternating runs, and the calls
the profile reports as a share of the true number (100% = exact).
Second table, thread churn: bench/threads/churn.c, 4 creators each
starting and joining 1,500 threads of 100 calls one after the other
(a thread per request), plain and with ccprof in flat and context mode
at the default rate: the CPU time ratio to the plain build (paired
runs) and the peak RSS of one run of each, which shows whether what a
thread leaves behind adds up.
Third table, handoff: bench/threads/handoff.c, two threads passing a
byte back and forth through pipes (a context switch per thread per
round), flat mode with the default clock (a thread that blocks often
is sampled on the tick), with CCPROF_CLOCK=cpu-perf (the task clock
kept) and context mode: the CPU time ratio to the plain build.
Writes $BENCH_OUT/results/threads.{json,md}.
"""
import os
import subprocess
import sys

import build
import common
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

SRC = os.path.join(common.HERE, "threads", "calls.c")
CALLS = int(os.environ.get("BENCH_THREAD_CALLS", "20000000" if QUICK else "100000000"))
MODES = ["plain", "atomic", "thread"]
THREADS = [1, 2]
CHURN = os.path.join(common.HERE, "threads", "churn.c")
CHURN_ARGV = ["4", "300" if QUICK else "1500", "100"]
CHURN_MODES = [("flat", ()), ("context", (("mode", "context"),))]
HANDOFF = os.path.join(common.HERE, "threads", "handoff.c")
HANDOFF_ARGV = ["5000" if QUICK else "20000"]
HANDOFF_VARIANTS = [("flat", (), {}),
                    ("flat, CCPROF_CLOCK=cpu-perf", (), {"CCPROF_CLOCK": "cpu-perf"}),
                    ("context", (("mode", "context"),), {})]


def counted_calls(profile):
    """leaf's calls in a ccprof.out (format v1: `cc` lines; see
    docs/format.md), through ccprof-report so the fold is what users see."""
    db = profile + ".db"
    if os.path.exists(db):
        os.unlink(db)
    out = subprocess.run([common.REPORT, "--db", db, "--sql",
                          "SELECT calls FROM flat WHERE name = 'leaf'",
                          "--format", "csv", profile],
                         capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l.strip() and l.strip() != "calls"]
    return int(lines[-1]) if lines else 0


def measure():
    res = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        res[c] = {}
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        plain = build.build("threadcalls", [SRC], ["-pthread"], ["-pthread"], c, "plain")
        work = scratch_dir("threads-" + c)
        for mode in MODES:
            binary = build.build("threadcalls", [SRC], ["-pthread"], ["-pthread"], c,
                                 "ccprof", (("counters", mode),))
            for t in THREADS:
                out = os.path.join(work, "%s-%d.out" % (mode, t))
                env = dict(os.environ, CCPROF_HZ="0", CCPROF_OUT=out)
                argv = [str(t), str(CALLS)]
                r = common.paired(
                    lambda: common.run_cpu([plain] + argv)[0],
                    lambda: common.run_cpu([binary] + argv, env=env)[0],
                    label="%s counters=%s T=%d" % (comp.label, mode, t))
                got = counted_calls(out)
                r["counted"] = got
                r["exact"] = got / float((CALLS // t) * t)
                log("    calls counted: %d of %d (%.1f%%)" % (
                    got, (CALLS // t) * t, 100 * r["exact"]))
                res[c]["%s/%d" % (mode, t)] = r
    return res


def run_rss(argv, env=None):
    """Runs churn.c's argv; returns the peak RSS in KiB it prints last
    (its VmHWM: wait4's ru_maxrss also counts what this script had when
    it forked)."""
    out = subprocess.run(argv, env=env, capture_output=True, text=True,
                         check=True).stdout
    return int(out.split()[-1])


def measure_variants(name, src, argv, variants, after=None):
    """Per compiler, `src` built plain and with ccprof in each variant
    (label, plugin options, environment), each paired against the plain
    build: res[compiler][label].  after(res_c, label, binary, env), if
    given, runs once per variant (churn's peak RSS)."""
    res = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        res[c] = {}
        plain = build.build(name, [src], ["-pthread"], ["-pthread"], c, "plain")
        work = scratch_dir(name + "-" + c)
        if after:
            after(res[c], None, plain, None)
        for label, options, extra in variants:
            binary = build.build(name, [src], ["-pthread"], ["-pthread"], c,
                                 "ccprof", options)
            env = dict(os.environ, CCPROF_OUT=os.path.join(work, "p.out"), **extra)
            res[c][label] = common.paired(
                lambda: common.run_cpu([plain] + argv)[0],
                lambda: common.run_cpu([binary] + argv, env=env)[0],
                label="%s %s %s" % (comp.label, name, label))
            if after:
                after(res[c], label, binary, env)
    return res


def churn_rss(res_c, label, binary, env):
    """Peak RSS of one run: of the plain build (label None) or a variant."""
    rss = run_rss([binary] + CHURN_ARGV, env=env)
    if label is None:
        res_c["plain_rss"] = rss
        return
    res_c[label]["rss"] = rss
    log("    peak RSS %d KiB (plain %d KiB)" % (rss, res_c["plain_rss"]))


def measure_churn():
    return measure_variants("threadchurn", CHURN, CHURN_ARGV,
                            [(mode, options, {}) for mode, options in CHURN_MODES],
                            after=churn_rss)


def variants_table(res, first, labels, cell):
    """A row per variant label, a column per compiler; cell(res_c, x) is
    the text of a measured cell."""
    header = [first] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for label in labels:
        row = [label]
        for c in common.COMPILER_ORDER:
            r = res[c]
            row.append(r if isinstance(r, str) else cell(r, r[label]))
        rows.append(row)
    return common.md_table(header, rows)


def churn_table(res):
    return ("Thread churn: bench/threads/churn.c %s (creators, threads each, "
            "calls per thread), default rate; CPU time ratio to the plain "
            "build and peak RSS.\n\n" % " ".join(CHURN_ARGV)
            + variants_table(res, "mode", [m for m, _ in CHURN_MODES],
                             lambda r, x: "%.2f× (%.2f–%.2f); peak RSS %.1f MiB (plain %.1f MiB)" % (
                                 x["median"], x["min"], x["max"], x["rss"] / 1024.0,
                                 r["plain_rss"] / 1024.0)))


def measure_handoff():
    return measure_variants("threadhandoff", HANDOFF, HANDOFF_ARGV, HANDOFF_VARIANTS)


def handoff_table(res):
    return ("Handoff: bench/threads/handoff.c %s (rounds), two threads "
            "passing a byte through pipes, default rate; CPU time ratio to "
            "the plain build.\n\n" % " ".join(HANDOFF_ARGV)
            + variants_table(res, "variant", [v for v, _, _ in HANDOFF_VARIANTS],
                             lambda r, x: "%.2f× (%.2f–%.2f)" % (x["median"], x["min"], x["max"])))


def table(res):
    header = ["counters=", "threads"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for mode in MODES:
        for t in THREADS:
            row = [mode, str(t)]
            for c in common.COMPILER_ORDER:
                r = res[c]
                if isinstance(r, str):
                    row.append(r)
                    continue
                x = r["%s/%d" % (mode, t)]
                row.append("%.2f× (%.2f–%.2f), %.1f%% of the calls" % (
                    x["median"], x["min"], x["max"], 100 * x["exact"]))
            rows.append(row)
    return common.md_table(header, rows)


def main():
    res = measure()
    churn = measure_churn()
    handoff = measure_handoff()
    common.save_results("threads", {"calls": res, "churn": churn,
                                    "handoff": handoff},
                        table(res) + "\n" + churn_table(churn) + "\n"
                        + handoff_table(handoff))
    return 0


if __name__ == "__main__":
    sys.exit(main())
