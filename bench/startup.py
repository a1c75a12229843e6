#!/usr/bin/env python3
"""startup.py - what ccprof adds to a process that does almost nothing:
loading libccprof, registering the program's cost centres and writing
the profile at exit, paid once per process.  A test suite or a build
that runs thousands of short processes pays it thousands of times.

    python3 bench/startup.py

Lua 5.4 (the overhead programs' build, 1,071 cost centres) running
`lua -e "x=1"`, plain, ccprof in flat mode and in context mode, with each
compiler.  Rounds alternate the builds; each round runs every build
BENCH_STARTUP_RUNS times (default 20) and takes the CPU time (user+sys,
wait4) and minor page faults per process.  Each cell: the median over
the rounds, and what the profile written at exit weighs.  Writes
$BENCH_OUT/results/startup.{json,md}.
"""
import os
import statistics
import subprocess
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

ROUNDS = int(os.environ.get("BENCH_STARTUP_ROUNDS", "3" if QUICK else "11"))
RUNS = int(os.environ.get("BENCH_STARTUP_RUNS", "20"))
ARGS = ["-e", "x=1"]
BUILDS = [("plain", "plain", ()), ("flat", "ccprof", ()),
          ("context", "ccprof", (("mode", "context"),))]


def batch(binary, env):
    """Mean CPU milliseconds and minor faults of one process, over RUNS."""
    cpu = faults = 0.0
    for _ in range(RUNS):
        p = subprocess.Popen([binary] + ARGS, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        err = p.stderr.read().decode()
        _, status, ru = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError("%s failed:\n%s" % (binary, err))
        cpu += ru.ru_utime + ru.ru_stime
        faults += ru.ru_minflt
    return 1000 * cpu / RUNS, faults / RUNS


def measure_compiler(prog, c):
    bins = {}
    for label, variant, options in BUILDS:
        bins[label] = build.build_program(prog, c, variant, options)
    work = scratch_dir("startup-" + c)
    out = os.path.join(work, "ccprof.out")
    env = dict(os.environ, CCPROF_OUT=out)
    env.pop("CCPROF_HZ", None)
    cpu = {b[0]: [] for b in BUILDS}
    flt = {b[0]: [] for b in BUILDS}
    size = {}
    for r in range(ROUNDS):
        order = BUILDS if r % 2 == 0 else list(reversed(BUILDS))
        for label, _, _ in order:
            ms, f = batch(bins[label], env)
            cpu[label].append(ms)
            flt[label].append(f)
            if label != "plain":
                size[label] = os.path.getsize(out)
    res = {}
    for label, _, _ in BUILDS:
        res[label] = {"ms": statistics.median(cpu[label]), "min": min(cpu[label]),
                      "max": max(cpu[label]), "faults": statistics.median(flt[label]),
                      "bytes": size.get(label, 0)}
        log("  %s %-8s %.2f ms (%.2f-%.2f)  %.0f faults  profile %d bytes" % (
            c, label, res[label]["ms"], res[label]["min"], res[label]["max"],
            res[label]["faults"], res[label]["bytes"]))
    return res


def measure():
    prog = programs.get("lua")
    cells = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.exists() or not comp.has_plugin():
            cells[c] = NA_NO_PLUGIN
            continue
        try:
            cells[c] = measure_compiler(prog, c)
        except build.BuildError as e:
            log(str(e), e.output[-800:])
            cells[c] = "build failed (%s)" % str(e).split(":")[0]
    return {"program": prog.describe(), "cells": cells}


def table(res):
    header = ["build"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for label, _, _ in BUILDS:
        row = [label]
        for c in common.COMPILER_ORDER:
            cell = res["cells"].get(c)
            if not isinstance(cell, dict):
                row.append(cell or "–")
                continue
            r = cell[label]
            text = "%.2f ms (%.2f–%.2f), %.0f page faults" % (
                r["ms"], r["min"], r["max"], r["faults"])
            if label != "plain":
                text += ", +%.2f ms; profile %.0f KB" % (
                    r["ms"] - cell["plain"]["ms"], r["bytes"] / 1000)
            row.append(text)
        rows.append(row)
    return common.md_table(header, rows)


def main():
    res = measure()
    common.save_results("startup", res, table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
