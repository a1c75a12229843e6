#!/usr/bin/env python3
"""sampling.py - what one sample costs on this machine, mechanism by
mechanism: the floor under every sampling profiler's overhead here.

    python3 bench/sampling.py

bench/sampling/cost.c runs a compute loop (about a CPU-second) alone and
with each sampling mechanism at about 1000 samples a CPU-second: a
task-clock perf event's interrupt alone, the same with a signal to an
empty handler, with the handler re-arming the event at a random interval
and reading the thread's CPU clock (what libccprof's handler does), a
POSIX timer on the thread's CPU clock (checked on the kernel's tick),
and the loop built with ccprof and sampled by libccprof itself (default
rate).  Rounds alternate the variants; each cell is the median CPU time
over the rounds, and the cost per sample is (median - median of the loop
alone) / samples.  Writes $BENCH_OUT/results/sampling.{json,md}.
"""
import os
import re
import statistics
import subprocess
import sys

import build
import common
from common import QUICK, log
from runners import scratch_dir

SRC = os.path.join(common.HERE, "sampling", "cost.c")
ROUNDS = int(os.environ.get("BENCH_SAMPLING_ROUNDS", "3" if QUICK else "9"))
LOOPS = os.environ.get("BENCH_SAMPLING_LOOPS", "100000" if QUICK else "300000")
COMPILER = "gcc"

# (label, binary key, mode, what the samples are)
VARIANTS = [
    ("the loop alone", "plain", "none", None),
    ("task-clock interrupt, no signal", "plain", "interrupt", "cpu-ms"),
    ("+ signal, empty handler", "plain", "signal", "counted"),
    ("+ re-arm at a random interval and read the CPU clock", "plain", "rearm", "counted"),
    ("POSIX timer on the thread's CPU clock (kernel tick)", "plain", "timer", "counted"),
    ("libccprof (default rate)", "ccprof", "none", "cpu-ms"),
]


def run(binary, mode, env):
    p = subprocess.Popen([binary, mode, LOOPS], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = p.stderr.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("%s %s failed:\n%s" % (binary, mode, err))
    m = re.search(r"samples (\d+)", err)
    return ru.ru_utime + ru.ru_stime, int(m.group(1)) if m else 0


def measure():
    inc = common.ccprof_cflags()
    bins = {"plain": build.build("sampling-cost", [SRC], inc, [], COMPILER, "plain"),
            "ccprof": build.build("sampling-cost", [SRC], inc, [], COMPILER, "ccprof")}
    work = scratch_dir("sampling")
    env = dict(os.environ, CCPROF_OUT=os.path.join(work, "cost.out"))
    env.pop("CCPROF_HZ", None)
    cpu = {v[0]: [] for v in VARIANTS}
    counted = {v[0]: [] for v in VARIANTS}
    for r in range(ROUNDS):
        order = VARIANTS if r % 2 == 0 else list(reversed(VARIANTS))
        for label, key, mode, _ in order:
            c, n = run(bins[key], mode, env)
            cpu[label].append(c)
            counted[label].append(n)
        log("  round %d of %d" % (r + 1, ROUNDS))
    base = statistics.median(cpu[VARIANTS[0][0]])
    res = []
    for label, key, mode, what in VARIANTS:
        med = statistics.median(cpu[label])
        if what == "counted":
            samples = statistics.median(counted[label])
        elif what == "cpu-ms":
            samples = med * 1000
        else:
            samples = 0
        us = 1e6 * (med - base) / samples if samples else None
        res.append({"label": label, "cpu": med, "min": min(cpu[label]),
                    "max": max(cpu[label]), "samples": samples, "us": us})
        log("  %-55s %.3f s  %6.0f samples  %s" % (
            label, med, samples, "%.1f us/sample" % us if us is not None else ""))
    return res


def table(res):
    header = ["", "CPU s (median, min–max)", "samples", "µs per sample"]
    rows = []
    for r in res:
        rows.append([r["label"], "%.3f (%.3f–%.3f)" % (r["cpu"], r["min"], r["max"]),
                     "%.0f" % r["samples"] if r["samples"] else "–",
                     "%.1f" % r["us"] if r["us"] is not None else "–"])
    return common.md_table(header, rows)


def main():
    res = measure()
    common.save_results("sampling", res, table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
