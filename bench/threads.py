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
    common.save_results("threads", res, table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
