#!/usr/bin/env python3
"""contexts.py - context mode (mode=context) beside flat mode: run-time
overhead and memory on the real programs (issue 17).

    python3 bench/contexts.py            # prints the table, saves JSON

For each program (Lua, SQLite, bzip2) and compiler with a plugin that has
context mode: the plain -O2 build, ccprof in flat mode and ccprof in
context mode, the latter also with sampling off (CCPROF_HZ=0: the
instrumentation alone, without the interrupts, whose cost depends on
the machine: on these VMs a timer interrupt costs 20-80 us).  Per cell: the median ratio of CPU time to the plain build
over paired alternating runs (common.paired), as overhead.py measures
flat mode.  Context mode is the default, transitions=call-site with
clang.  Memory, from one more context-mode run: the contexts written
(`ctx` records, merged over threads; these programs have one thread, so
this is the nodes allocated) and the peak RSS of the plain, flat and
context runs (largest step), which includes the nodes, their kid slots
and the memo tables.  Writes $BENCH_OUT/results/contexts.{json,md}.
"""
import json
import os
import subprocess
import sys

import build
import common
import programs
from common import COMPILERS, NA_NO_PLUGIN, log
from runners import runner, scratch_dir

CONTEXT = (("mode", "context"),)


def peak_rss_kb(steps, env, cwd):
    """The largest maximum resident set (KiB) over a program's steps.

    Measured by /usr/bin/time, which forks the program itself: a child
    forked by this script inherits the script's own maximum (Python's,
    about 14-20 MiB), which ru_maxrss never falls below."""
    peak = 0
    out = os.path.join(cwd, "maxrss.txt")
    for s in steps:
        fin = open(s.stdin, "rb") if s.stdin else subprocess.DEVNULL
        fout = open(s.stdout, "wb") if s.stdout else subprocess.DEVNULL
        try:
            status = subprocess.call(["/usr/bin/time", "-f", "%M", "-o", out]
                                     + s.argv, env=env, cwd=cwd, stdin=fin,
                                     stdout=fout, stderr=subprocess.DEVNULL)
        finally:
            if s.stdin:
                fin.close()
            if s.stdout:
                fout.close()
        if status != 0:
            raise RuntimeError("%s failed" % " ".join(s.argv))
        with open(out) as f:
            peak = max(peak, int(f.read().split()[-1]))
    return peak


def contexts_of(profile):
    n = 0
    with open(profile, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("ctx\t"):
                n += 1
    return n


def measure(prog):
    row = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.exists() or not comp.has_plugin():
            row[c] = NA_NO_PLUGIN
            continue
        try:
            plain_b = build.build_program(prog, c, "plain")
            flat_b = build.build_program(prog, c, "ccprof")
            ctx_b = build.build_program(prog, c, "ccprof", CONTEXT)
        except build.BuildError as e:
            log(str(e), e.output[-800:])
            row[c] = "build failed (%s)" % str(e).split(":")[0]
            continue
        plain = runner(prog, plain_b, "plain", "%s-%s-plain" % (prog.name, c))
        flat = runner(prog, flat_b, "ccprof", "%s-%s-ccprof" % (prog.name, c))
        label = "%s-%s-context" % (prog.name, c)
        ctx = runner(prog, ctx_b, "ccprof", label)
        ctx_quiet = runner(prog, ctx_b, "ccprof", label + "-hz0", hz=0)
        r = {"flat": common.paired(plain, flat, "%s %s flat" % (prog.name, c)),
             "context": common.paired(plain, ctx, "%s %s context" % (prog.name, c)),
             "context_hz0": common.paired(plain, ctx_quiet,
                                          "%s %s context hz0" % (prog.name, c))}
        d = scratch_dir(label + "-mem")
        env = dict(os.environ, CCPROF_OUT=os.path.join(d, "ccprof.out"))
        env.pop("CCPROF_HZ", None)
        r["rss_context_kb"] = peak_rss_kb(prog.steps(ctx_b, d), env, d)
        r["contexts"] = contexts_of(os.path.join(d, "ccprof.out"))
        d = scratch_dir(label + "-memflat")
        env["CCPROF_OUT"] = os.path.join(d, "ccprof.out")
        r["rss_flat_kb"] = peak_rss_kb(prog.steps(flat_b, d), env, d)
        d = scratch_dir(label + "-memplain")
        r["rss_plain_kb"] = peak_rss_kb(prog.steps(plain_b, d), None, d)
        log("  %s %s: %d contexts, peak RSS plain/flat/context "
            "%d/%d/%d KiB" % (prog.name, c, r["contexts"],
                              r["rss_plain_kb"], r["rss_flat_kb"], r["rss_context_kb"]))
        row[c] = r
    return row


def ratio(r):
    """Median ratio, range, pairs, and the ratio of the fastest runs
    (min/min), the steadier figure when neighbours on the host slow
    random runs down."""
    return "**%.2f×** (%.2f–%.2f, %d pairs; min/min %.2f×)" % (
        r["median"], r["min"], r["max"], r["n"], r["minratio"])


def table(results):
    header = ["Program", "compiler", "flat", "context",
              "context, sampling off", "contexts",
              "peak RSS plain / flat / context"]
    rows = []
    for name in programs.ORDER:
        if name not in results:
            continue
        for c in common.COMPILER_ORDER:
            r = results[name]["cells"].get(c)
            if r is None:
                continue
            if isinstance(r, str):
                rows.append([results[name]["label"], COMPILERS[c].label, r,
                             "", "", "", ""])
                continue
            rows.append([results[name]["label"], COMPILERS[c].label,
                         ratio(r["flat"]), ratio(r["context"]),
                         ratio(r["context_hz0"]) if "context_hz0" in r
                         else "–",
                         "%d" % r["contexts"],
                         "%d / %d / %d MiB" % (r["rss_plain_kb"] >> 10,
                                               r["rss_flat_kb"] >> 10,
                                               r["rss_context_kb"] >> 10)])
    return common.md_table(header, rows)


def main():
    results = {}
    for name in programs.selected():
        prog = programs.get(name)
        log("contexts: %s (%s)" % (name, prog.describe()))
        results[name] = {"label": prog.label, "describe": prog.describe(),
                         "cells": measure(prog)}
    md = table(results)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "contexts.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(d, "contexts.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
