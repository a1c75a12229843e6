#!/usr/bin/env python3
"""instructions.py - instructions executed by each build, counted by
valgrind (cachegrind, no cache simulation): a deterministic companion to
the CPU-time ratios of overhead.py, which on a shared machine move by
several percent from run to run.  On these programs the time ratio follows
the instruction ratio closely, so this is the number to watch while
changing the plugins.

    python3 bench/instructions.py

Smaller inputs than overhead.py (Lua scale 1, speedtest1 --size 10, 4 MB
for bzip2, 50,000 records for jq, 40,000 edges for ninja): the ratio does not depend on the size.  ccprof runs with
CCPROF_HZ=0 (the instrumentation only), and empty -finstrument-functions hooks (gcc;
gprof's -pg cannot run under valgrind: its SIGPROF kills it).  For every
program also with everything profiled (system=profile leaf-size=0, as
before issue 14), for jq and ninja each lever alone, for Lua the two
halves of the instrumentation (plugin options current=off / count=off).  Writes
$BENCH_OUT/results/instructions.{json,md}.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, OPT_COUNT_OFF, OPT_CURRENT_OFF, log
from runners import run_step_under, scratch_dir

SIZES = {"BENCH_LUA_SCALE": "1", "BENCH_SQLITE_SIZE": "10", "BENCH_BZIP2_MB": "4",
         "BENCH_JQ_RECORDS": "50000", "BENCH_NINJA_SOURCES": "20000"}
# (row label suffix, variant, plugin options, programs: None for all)
ROWS = [
    ("ccprof", "ccprof", (), None),
    ("ccprof, everything profiled (`system=profile leaf-size=0`)", "ccprof",
     (("system", "profile"), ("leaf-size", "0")), None),
    ("ccprof, `system=profile`", "ccprof", (("system", "profile"),), ("jq", "ninja")),
    ("ccprof, `leaf-size=0`", "ccprof", (("leaf-size", "0"),), ("jq", "ninja")),
    ("ccprof, counts only (`current=off`)", "ccprof", (OPT_CURRENT_OFF,), ("lua",)),
    ("ccprof, current only (`count=off`)", "ccprof", (OPT_COUNT_OFF,), ("lua",)),
    ("empty `-finstrument-functions`", "finstr", (), None),
]


def count(prog, binary, label):
    """Instructions executed by one run (all its steps)."""
    d = scratch_dir("instr-" + label)
    env = dict(os.environ, CCPROF_HZ="0", CCPROF_OUT=os.path.join(d, "ccprof.out"))
    total = 0
    prefix = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
              "--cachegrind-out-file=/dev/null"]
    for s in prog.steps(binary, d):
        r = run_step_under(prefix, s, env, d)
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        if r.returncode != 0 or not m:
            raise RuntimeError("valgrind failed: %s\n%s" % (" ".join(prefix + s.argv),
                                                          r.stderr[-1500:]))
        total += int(m.group(1).replace(",", ""))
    return total


def measure():
    for k, v in SIZES.items():
        os.environ[k] = v
    res = {}
    for name in programs.ORDER:
        prog = programs.PROGRAMS[name]()
        prog.prepare()
        res[name] = {"label": prog.label, "describe": prog.describe(), "cells": {}}
        for cname in common.COMPILER_ORDER:
            comp = COMPILERS[cname]
            if not comp.exists():
                continue
            base = count(prog, build.build_program(prog, cname, "plain"),
                         "%s-%s-plain" % (name, cname))
            res[name]["cells"]["%s plain" % cname] = base
            for label, variant, opts, only in ROWS:
                key = "%s %s" % (cname, label)
                if variant == "finstr" and cname != "gcc":
                    continue
                if only and name not in only:
                    continue
                if variant == "ccprof" and not comp.has_plugin():
                    res[name]["cells"][key] = NA_NO_PLUGIN
                    continue
                try:
                    b = build.build_program(prog, cname, variant, opts)
                except build.BuildError as e:
                    res[name]["cells"][key] = ("n/a (option missing)" if e.unknown_option()
                                               else "build failed")
                    continue
                try:
                    n = count(prog, b, "%s-%s" % (name, build.tag(cname, variant, opts)))
                except RuntimeError as e:
                    log(str(e))
                    res[name]["cells"][key] = "failed"
                    continue
                res[name]["cells"][key] = n
                log("  %s %s: %.3f G, %+.1f%%" % (name, key, n / 1e9, 100.0 * (n - base) / base))
    return res


def table(res):
    header = ["Program, build"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for name in programs.ORDER:
        r = res.get(name)
        if not r:
            continue
        cells = r["cells"]
        rows.append(["**%s** (%s): plain" % (r["label"], r["describe"])] +
                    ["%.3f G" % (cells["%s plain" % c] / 1e9) if "%s plain" % c in cells
                     else "–" for c in common.COMPILER_ORDER])
        for label, variant, opts, only in ROWS:
            row, any_cell = ["%s" % label], False
            for c in common.COMPILER_ORDER:
                v = cells.get("%s %s" % (c, label))
                base = cells.get("%s plain" % c)
                if isinstance(v, int) and base:
                    row.append("%+.1f%%" % (100.0 * (v - base) / base))
                    any_cell = True
                elif isinstance(v, str):
                    row.append(v)
                    any_cell = True
                else:
                    row.append("–")
            if any_cell:
                rows.append(row)
    return common.md_table(header, rows)


def main():
    if not shutil.which("valgrind"):
        log("instructions: installing valgrind")
        subprocess.run(["apt-get", "install", "-y", "-q", "valgrind"], stdout=subprocess.DEVNULL)
    res = measure()
    md = table(res)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "instructions.json"), "w") as f:
        json.dump(res, f, indent=1)
    with open(os.path.join(d, "instructions.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
