#!/usr/bin/env python3
"""overhead.py - run-time overhead of profiling each real program, as the
ratio of CPU time (user+sys) to the plain -O2 build of the same compiler,
from paired alternating runs (common.paired).

    python3 bench/overhead.py            # prints the table, saves JSON

Cells: gprof (gcc -pg), empty -finstrument-functions hooks (gcc), perf
record of the plain gcc build, and ccprof with gcc, clang 14 and clang 22
(each against the plain build of its own compiler).  Writes
$BENCH_OUT/results/overhead.{json,md}.
"""
import json
import os
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, log
from runners import ensure_perf, runner

# (column heading, compiler, variant)
CELLS = [
    ("gprof `-pg` (gcc)", "gcc", "pg"),
    ("empty `-finstrument-functions` (gcc)", "gcc", "finstr"),
    ("`perf record -F 1000 -g` (gcc plain)", "gcc", "perf"),
    ("ccprof gcc", "gcc", "ccprof"),
    ("ccprof clang 14", "clang14", "ccprof"),
    ("ccprof clang 22", "clang22", "ccprof"),
]


def measure(prog):
    row = {"plain": {}, "cells": {}}
    plain = {}
    for heading, cname, variant in CELLS:
        comp = COMPILERS[cname]
        if not comp.exists():
            row["cells"][heading] = "n/a (%s not installed)" % comp.cc
            continue
        if variant == "ccprof" and not comp.has_plugin():
            row["cells"][heading] = NA_NO_PLUGIN
            continue
        if variant == "perf" and not ensure_perf():
            row["cells"][heading] = "n/a (perf not installed)"
            continue
        if cname not in plain:
            b = build.build_program(prog, cname, "plain")
            plain[cname] = runner(prog, b, "plain", "%s-%s-plain" % (prog.name, cname))
        try:
            vb = build.build_program(prog, cname, "plain" if variant == "perf" else variant)
        except build.BuildError as e:
            log(str(e), e.output[-1500:])
            row["cells"][heading] = "build failed"
            continue
        run_v = runner(prog, vb, variant, "%s-%s-%s" % (prog.name, cname, variant))
        r = common.paired(plain[cname], run_v, "%s %s" % (prog.name, heading))
        row["cells"][heading] = r
        row["plain"].setdefault(cname, []).extend(r["base"])
    return row


def table(results):
    header = ["Program", "plain CPU s (gcc / clang 14 / clang 22)"] + [c[0] for c in CELLS]
    rows = []
    for name in programs.ORDER:
        if name not in results:
            continue
        res = results[name]
        plain = " / ".join(
            "%.2f" % sorted(res["plain"][c])[len(res["plain"][c]) // 2]
            if res["plain"].get(c) else "–" for c in common.COMPILER_ORDER)
        rows.append([res["label"], plain] +
                    [cell(res["cells"].get(c[0])) for c in CELLS])
    return common.md_table(header, rows)


def cell(r):
    if r is None:
        return "–"
    if isinstance(r, str):
        return r
    return "**%.2f×** (%.2f–%.2f, %d pairs; min/min %.2f×)" % (
        r["median"], r["min"], r["max"], r["n"], r["minratio"])


def main():
    results = {}
    for name in programs.selected():
        prog = programs.get(name)
        log("overhead: %s (%s)" % (name, prog.describe()))
        row = measure(prog)
        row["label"] = prog.label
        row["describe"] = prog.describe()
        results[name] = row
    md = table(results)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "overhead.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(d, "overhead.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
