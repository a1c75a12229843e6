#!/usr/bin/env python3
"""breakdown.py - Appel's overhead breakdown (1988, section 5: call counts /
setting current / interrupts) for Lua running calls.lua, per compiler.

    python3 bench/breakdown.py

Rows, each a ratio to the plain -O2 build of the same compiler (paired
runs):
  + counts only       plugin option current=off, CCPROF_HZ=0
  + current only      plugin option count=off,   CCPROF_HZ=0
  counts + current    default plugin options,    CCPROF_HZ=0
  full                default plugin options,    default rate (1000 Hz asked)
The difference between the last two rows is the cost of the interrupts.
A plugin that does not know count= or current= gets "n/a (option
missing)" in those rows.  Writes $BENCH_OUT/results/breakdown.{json,md}.
"""
import json
import os
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, OPT_COUNT_OFF, OPT_CURRENT_OFF, log
from runners import runner

ROWS = [
    ("+ call counts only (`%s=%s`, `CCPROF_HZ=0`)" % OPT_CURRENT_OFF, (OPT_CURRENT_OFF,), 0),
    ("+ setting current only (`%s=%s`, `CCPROF_HZ=0`)" % OPT_COUNT_OFF, (OPT_COUNT_OFF,), 0),
    ("counts + current (`CCPROF_HZ=0`)", (), 0),
    ("full (counts + current + interrupts, default rate)", (), None),
]
COMPS = ["gcc", "clang14", "clang22"]


def measure(prog):
    res = {}
    for cname in COMPS:
        comp = COMPILERS[cname]
        col = res[cname] = {}
        if not comp.has_plugin():
            col["plain"] = NA_NO_PLUGIN if comp.exists() else "n/a (not installed)"
            continue
        pb = build.build_program(prog, cname, "plain")
        run_plain = runner(prog, pb, "plain", "bd-%s-%s-plain" % (prog.name, cname))
        plain_times = []
        for label, opts, hz in ROWS:
            try:
                vb = build.build_program(prog, cname, "ccprof", options=opts)
            except build.BuildError as e:
                if e.unknown_option():
                    col[label] = "n/a (option missing)"
                else:
                    log(str(e), e.output[-1500:])
                    col[label] = "build failed"
                continue
            tag = build.tag(cname, "ccprof", opts) + "-hz%s" % hz
            run_v = runner(prog, vb, "ccprof", "bd-%s-%s" % (prog.name, tag), hz=hz)
            r = common.paired(run_plain, run_v, "%s %s %s" % (prog.name, cname, label[:30]))
            col[label] = r
            plain_times.extend(r["base"])
        col["plain"] = sorted(plain_times)[len(plain_times) // 2] if plain_times else None
    return res


def cell(r):
    if r is None:
        return "–"
    if isinstance(r, str):
        return r
    return "%.2f× (%.2f–%.2f; min/min %.2f×)" % (r["median"], r["min"], r["max"],
                                                r["minratio"])


def table(res):
    header = ["Lua, calls.lua"] + [COMPILERS[c].label for c in COMPS]
    rows = [["plain -O2 (CPU s, median)"] +
            ["%.2f s" % res[c]["plain"] if isinstance(res[c].get("plain"), float)
             else (res[c].get("plain") or "–") for c in COMPS]]
    for label, _, _ in ROWS:
        rows.append([label] + [cell(res[c].get(label)) for c in COMPS])
    # Appel's three columns: what each part adds, in % of the plain time,
    # from the medians and from the ratios of the fastest runs.
    for what, key in (("medians", "median"), ("min/min", "minratio")):
        parts = []
        for c in COMPS:
            m = {lab: res[c].get(lab) for lab, _, _ in ROWS}
            vals = [m[lab][key] if isinstance(m[lab], dict) else None for lab, _, _ in ROWS]
            cnt, cur, both, full = vals
            f = lambda x: "%+.0f%%" % (100 * x) if x is not None else "n/a"
            parts.append("counts %s, current %s, interrupts %s" % (
                f(cnt - 1 if cnt else None), f(cur - 1 if cur else None),
                f(full - both if (full and both) else None)))
        rows.append(["Appel's columns from the %s (each part alone; interrupts = "
                     "full − counts+current)" % what] + parts)
    return common.md_table(header, rows)


def main():
    prog = programs.get("lua")
    log("breakdown: %s" % prog.describe())
    res = measure(prog)
    md = table(res)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "breakdown.json"), "w") as f:
        json.dump(res, f, indent=1)
    with open(os.path.join(d, "breakdown.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
