#!/usr/bin/env python3
"""scc.py - the cost of a CCPROF_SCC annotation entered 10^8 times.

    python3 bench/scc.py

bench/scc/scope.c: a loop of N = 10^8 xorshift steps, each inside
CCPROF_SCC("step") { ... }, built with ccprof (counters=thread, the
default), against the same program built with ccprof without the
annotation (-DNO_SCC) and plain; run with CCPROF_HZ=0, so that only the
inserted code differs.  Per compiler: the median CPU-time ratio over
paired alternating runs, the nanoseconds one entry adds ((annotated -
unannotated) / N, medians), and the entries the profile counts (must be
N).  Writes $BENCH_OUT/results/scc.{json,md}.
"""
import os
import subprocess
import sys

import build
import common
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

SRC = os.path.join(common.HERE, "scc", "scope.c")
N = int(os.environ.get("BENCH_SCC_ENTRIES", "20000000" if QUICK else "100000000"))


def counted(profile):
    """The calls of cost centre `step` in a ccprof.out (docs/format.md)."""
    db = profile + ".db"
    if os.path.exists(db):
        os.unlink(db)
    out = subprocess.run([common.REPORT, "--db", db, "--sql",
                          "SELECT calls FROM flat WHERE name = 'step'",
                          "--format", "csv", profile],
                         capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l.strip() and l.strip() != "calls"]
    return int(lines[-1]) if lines else 0


def measure():
    res = {}
    inc = common.ccprof_cflags()
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        plain = build.build("scc-none", [SRC], inc + ["-DNO_SCC"], [], c, "plain")
        bare = build.build("scc-none", [SRC], inc + ["-DNO_SCC"], [], c, "ccprof")
        scoped = build.build("scc-scope", [SRC], inc, [], c, "ccprof")
        work = scratch_dir("scc-" + c)
        out = os.path.join(work, "scope.out")
        env = dict(os.environ, CCPROF_HZ="0", CCPROF_OUT=out)
        argv = [str(N)]
        r = common.paired(
            lambda: common.run_cpu([bare] + argv, env=env)[0],
            lambda: common.run_cpu([scoped] + argv, env=env)[0],
            label="%s CCPROF_SCC vs none" % comp.label)
        p = common.paired(
            lambda: common.run_cpu([plain] + argv)[0],
            lambda: common.run_cpu([scoped] + argv, env=env)[0],
            label="%s CCPROF_SCC vs plain" % comp.label)
        r["ns"] = 1e9 * (r["var_median"] - r["base_median"]) / N
        r["plain_ratio"] = p["median"]
        r["counted"] = counted(out)
        log("    %.2f ns per entry; %d entries counted of %d" % (r["ns"], r["counted"], N))
        res[c] = r
    return res


def table(res):
    header = ["", "ratio to ccprof without the annotation", "ns per entry",
              "ratio to plain", "entries counted"]
    rows = []
    for c in common.COMPILER_ORDER:
        r = res[c]
        if isinstance(r, str):
            rows.append([COMPILERS[c].label, r, "", "", ""])
            continue
        rows.append([COMPILERS[c].label,
                     "%.2f× (%.2f–%.2f)" % (r["median"], r["min"], r["max"]),
                     "%.2f" % r["ns"], "%.2f×" % r["plain_ratio"],
                     "%d of %d" % (r["counted"], N)])
    return common.md_table(header, rows)


def main():
    res = measure()
    common.save_results("scc", res, table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
