#!/usr/bin/env python3
"""compiletime.py - compile-time overhead of the ccprof plugin: the CPU
time (user+sys of the driver and the compiler proper) of compiling with
-O2 -c, with the plugin and without, per compiler, from paired
alternating runs:

  sqlite3.c   the SQLite amalgamation (about 240,000 lines of C)
  ninja       ninja-build's 28 C++ files, one after the other (templates
              of the standard library in every one)

and, with the plugin, the default options against the plain build, then
`current=offset` (TLS-offset asm stores however many the unit has: with
clang the default sets the record's address in a unit of more than
`current-limit`, 4096, of them, which sqlite3.c has), `current=address`
(no TLS-offset asm stores), `system=profile leaf-size=0` (the standard
library and tiny leaves profiled like every function, as before issue
14) and `mode=context` (calling contexts: a transition at every call
site, each with its slow path).

    python3 bench/compiletime.py

BENCH_CC_SUBJECTS=sqlite,ninja (the default) names what to compile,
BENCH_CC_VARIANTS=default,offset,address,profile-all,context (the
default) the plugin's options.
Pairs: BENCH_CC_PAIRS (default 3, quick 1) to BENCH_CC_MAX_PAIRS (default
3, quick 1) while the ratios spread more than 5%.  Writes
$BENCH_OUT/results/compiletime.{json,md}.
"""
import json
import os
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

PAIRS = int(os.environ.get("BENCH_CC_PAIRS", "1" if QUICK else "3"))
MAX_PAIRS = max(PAIRS, int(os.environ.get("BENCH_CC_MAX_PAIRS", "1" if QUICK else "3")))
# (row key, plugin options)
VARIANTS = [("default", ()),
            ("offset", (("current", "offset"),)),
            ("address", (("current", "address"),)),
            ("profile-all", (("system", "profile"), ("leaf-size", "0"))),
            ("context", (("mode", "context"),))]


CHOSEN = os.environ.get("BENCH_CC_VARIANTS", ",".join(v for v, _ in VARIANTS)).split(",")
UNKNOWN = [v for v in CHOSEN if v not in [n for n, _ in VARIANTS]]
if UNKNOWN:
    sys.exit("compiletime.py: unknown BENCH_CC_VARIANTS %s (known: %s)" % (
        ",".join(UNKNOWN), ",".join(n for n, _ in VARIANTS)))


def jobs(comp, name, d, plugin_opts):
    """The compile commands of one build of one subject (None: plain)."""
    if name == "sqlite":
        sq = programs.get("sqlite")
        units, flags, driver = [sq.amalg], sq.cflags, comp.cc
    else:
        nj = programs.get("ninja")
        units, flags, driver = nj.units(), list(nj.cxxflags), comp.cxx
    load = [] if plugin_opts is None else comp.plugin_flags(plugin_opts)
    tag = "plain" if plugin_opts is None else build.tag(comp.name, "ccprof", plugin_opts)
    return [[driver] + load + ["-O2", "-g0", "-w"] + flags +
            ["-c", u, "-o", os.path.join(d, "%s-%s.o" % (tag, os.path.basename(u)))]
            for u in units]


def cpu_of(cmds):
    return lambda: sum(common.run_cpu(c)[0] for c in cmds)


def measure():
    res = {}
    for subject in os.environ.get("BENCH_CC_SUBJECTS", "sqlite,ninja").split(","):
        for cname in common.COMPILER_ORDER:
            comp = COMPILERS[cname]
            key = "%s %s" % (subject, cname)
            if not comp.exists():
                res[key] = "n/a (not installed)"
                continue
            if not comp.has_plugin():
                res[key] = NA_NO_PLUGIN
                continue
            d = scratch_dir("compile-%s-%s" % (subject, cname))
            plain = cpu_of(jobs(comp, subject, d, None))
            for vname, opts in VARIANTS:
                if vname not in CHOSEN:
                    continue
                res["%s/%s" % (key, vname)] = common.paired(
                    plain, cpu_of(jobs(comp, subject, d, opts)),
                    "compile %s %s %s" % (subject, cname, vname), PAIRS, MAX_PAIRS)
    return res


def table(res):
    header = ["-O2 -c"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for subject, label in (("sqlite", "sqlite3.c"), ("ninja", "ninja's 28 .cc files")):
        if not any(k.startswith(subject + " ") for k in res):
            continue
        r0 = [label + ": without plugin (CPU s, median)"]
        r1 = [label + ": with plugin, ratio (median, min–max)"]
        r1o = [label + ": `current=offset` (no limit), ratio"]
        r2 = [label + ": `current=address`, ratio"]
        r3 = [label + ": `system=profile leaf-size=0`, ratio"]
        r4 = [label + ": `mode=context`, ratio"]
        for c in common.COMPILER_ORDER:
            key = "%s %s" % (subject, c)
            if isinstance(res.get(key), str):
                for row in (r0, r1, r1o, r2, r3, r4):
                    row.append(res[key])
                continue
            d = res.get(key + "/default")
            any_run = [v for v in (res.get("%s/%s" % (key, n)) for n, _ in VARIANTS)
                       if isinstance(v, dict)]
            r0.append("%.1f" % any_run[0]["base_median"] if any_run else "–")
            r1.append("**%.3f×** (%.3f–%.3f, %d pairs)" % (
                d["median"], d["min"], d["max"], d["n"]) if isinstance(d, dict) else "–")
            for row, v in ((r1o, "offset"), (r2, "address"), (r3, "profile-all"),
                           (r4, "context")):
                a = res.get("%s/%s" % (key, v))
                row.append("%.3f× (%.3f–%.3f)" % (a["median"], a["min"], a["max"])
                           if isinstance(a, dict) else "–")
        rows += [r0, r1, r1o, r2, r3, r4]
    return common.md_table(header, rows)


def main():
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
