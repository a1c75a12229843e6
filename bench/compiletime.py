#!/usr/bin/env python3
"""compiletime.py - compile-time overhead of the ccprof plugin: the CPU
time (user+sys of the driver and the compiler proper) of compiling the
SQLite amalgamation sqlite3.c (about 240,000 lines) with -O2 -c, with the
plugin and without, per compiler, from paired alternating runs; and with
the plugin option current=address (no TLS-offset asm stores).

    python3 bench/compiletime.py

Pairs: BENCH_CC_PAIRS (default 3, quick 1) to BENCH_CC_MAX_PAIRS (default
3, quick 1) while the ratios spread more than 5%; one compile takes 25-35
s here, so 3 pairs of both variants of 3 compilers take about 20
minutes.  Writes $BENCH_OUT/results/compiletime.{json,md}.
"""
import json
import os
import sys

import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

PAIRS = int(os.environ.get("BENCH_CC_PAIRS", "1" if QUICK else "3"))
MAX_PAIRS = max(PAIRS, int(os.environ.get("BENCH_CC_MAX_PAIRS", "1" if QUICK else "3")))


def measure():
    sq = programs.get("sqlite")
    src = sq.amalg
    res = {}
    for cname in common.COMPILER_ORDER:
        comp = COMPILERS[cname]
        if not comp.exists():
            res[cname] = "n/a (not installed)"
            continue
        if not comp.has_plugin():
            res[cname] = NA_NO_PLUGIN
            continue
        d = scratch_dir("compile-" + cname)
        base = [comp.cc, "-O2", "-g0", "-w"] + sq.cflags + ["-c", src, "-o"]
        plain = base + [os.path.join(d, "plain.o")]
        plug = base[:1] + comp.plugin_flags() + base[1:] + [os.path.join(d, "ccprof.o")]
        addr = (base[:1] + comp.plugin_flags((("current", "address"),)) + base[1:]
                + [os.path.join(d, "address.o")])
        res[cname] = common.paired(lambda: common.run_cpu(plain)[0],
                                   lambda: common.run_cpu(plug)[0],
                                   "compile sqlite3.c %s" % cname, PAIRS, MAX_PAIRS)
        res[cname + "/address"] = common.paired(
            lambda: common.run_cpu(plain)[0], lambda: common.run_cpu(addr)[0],
            "compile sqlite3.c %s current=address" % cname, PAIRS, MAX_PAIRS)
    return res


def table(res):
    header = ["sqlite3.c -O2 -c"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = [["without plugin (CPU s, median)"], ["with plugin (CPU s, median)"],
            ["ratio (median, min–max)"],
            ["ratio with `current=address` (median, min–max)"]]
    for c in common.COMPILER_ORDER:
        r = res.get(c)
        if isinstance(r, dict):
            rows[0].append("%.1f" % r["base_median"])
            rows[1].append("%.1f" % r["var_median"])
            rows[2].append("**%.3f×** (%.3f–%.3f, %d pairs; min/min %.3f×)" % (
                r["median"], r["min"], r["max"], r["n"], r["minratio"]))
            a = res.get(c + "/address")
            rows[3].append("%.3f× (%.3f–%.3f, %d pairs)" % (
                a["median"], a["min"], a["max"], a["n"]) if isinstance(a, dict) else "–")
        else:
            for row in rows:
                row.append(r or "–")
    return common.md_table(header, rows)


def main():
    log("compiletime: %s" % programs.get("sqlite").amalg)
    res = measure()
    md = table(res)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "compiletime.json"), "w") as f:
        json.dump(res, f, indent=1)
    with open(os.path.join(d, "compiletime.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
