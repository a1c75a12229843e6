#!/usr/bin/env python3
"""accuracy.py - per-function time shares reported by ccprof, gprof and
perf on programs whose true shares are known by construction
(bench/accuracy/*.c), at -O0 and -O2.

    python3 bench/accuracy.py

Programs (truth in percent of the run):
  phases        w10/w30/w60 = 10/30/60, long phases
  interleaved   the same, each call a few microseconds (random-phase sampling)
  inlined       the same, small static functions -O2 inlines into main
  froyd         Froyd et al.'s figure 1 with c excluded: a's share of a+b = 50
Profilers:
  ccprof        gcc, clang 14, clang 22, at -O0 and -O2: ticks per cost
                centre / all ticks, from ccprof.out (froyd: exclude=c, at
                -O2 exclude=c,d leaf-size=0)
  gprof         gcc -pg: `gprof -b -p` flat "% time" (froyd: `gprof -b -q`,
                self + children of a and b, since c is not excluded)
  perf          plain gcc build, perf record -e cpu-clock -F 1000 -g:
                `perf report --no-children --sort symbol` self % (froyd:
                --children, a and b)
Truth: each run measures its own (work.h, TRUTH_LAP: time stamp counter
cycles of each function's calls, written to $BENCH_TRUTH); a cell shows
the reported share and, in parentheses, that run's measured truth; it is
bold when they differ by more than 2 points.  The nominal truth (the step
counts) is the "truth %" column; how far the measured truth moved from it
is a row of its own.
Writes $BENCH_OUT/results/accuracy.{json,md}.
"""
import json
import os
import subprocess
import sys

import build
import common
import shares
from common import COMPILERS, HERE, NA_NO_PLUGIN, QUICK, log
from runners import PERF, ensure_perf, scratch_dir

SRC = os.path.join(HERE, "accuracy")
# name -> (truth rows, rounds at -O0, rounds at -O2)
PROGRAMS = {
    "phases": ({"w10": 10, "w30": 30, "w60": 60}, 20, 45),
    "interleaved": ({"w10": 10, "w30": 30, "w60": 60}, 500000, 500000),
    "inlined": ({"w10": 10, "w30": 30, "w60": 60}, 500000, 500000),
    "froyd": ({"a/(a+b)": 50}, 768, 4096),
}
ORDER = ["phases", "interleaved", "inlined", "froyd"]
SCALE = float(os.environ.get("BENCH_ACCURACY_SCALE", "0.35" if QUICK else "1"))

# (column heading, profiler, compiler, -O level)
COLUMNS = [("ccprof %s %s" % (COMPILERS[c].label, o), "ccprof", c, o)
           for c in common.COMPILER_ORDER for o in ("-O0", "-O2")]
COLUMNS += [("gprof %s" % o, "gprof", "gcc", o) for o in ("-O0", "-O2")]
COLUMNS += [("perf %s" % o, "perf", "gcc", o) for o in ("-O0", "-O2")]
MIN_SAMPLES = 50
# The truth is by construction only if the same loop runs at the same
# speed wherever it is placed: on this machine (AMD EPYC) a loop that
# straddles a 32-byte boundary runs slower.  At -O2 gcc inlines all of
# froyd into main, and a's two copies of c's loop (one at an address
# ending in 8) ran 45:55 against b's four, measured by every profiler
# alike.  So every build of these programs aligns loops to 32 bytes, as
# the end-to-end tests do (test/e2e/e2e_work.h).
ALIGN = ["-falign-loops=32"]


def rounds(prog, opt):
    _, r0, r2 = PROGRAMS[prog]
    return max(1, int((r0 if opt == "-O0" else r2) * SCALE))


def froyd_metric(s):
    a, b = s.get("a", 0.0), s.get("b", 0.0)
    return {"a/(a+b)": 100.0 * a / (a + b)} if a + b > 0 else {}


def measured_truth(prog, path):
    """{row: percent} from a TRUTH_LAP file, or {} if there is none."""
    cycles = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                name, n = line.split()
                cycles[name] = int(n)
    if prog == "froyd":
        return froyd_metric(cycles)
    total = sum(cycles.values())
    return {k: 100.0 * v / total for k, v in cycles.items()} if total else {}


def measure(prog, column):
    """Reported shares {row: percent} and the sample count, or a string."""
    _, tool, cname, opt = column
    comp = COMPILERS[cname]
    if tool == "ccprof" and not comp.has_plugin():
        return NA_NO_PLUGIN
    if tool == "perf" and not ensure_perf():
        return "n/a (no perf)"
    units = [os.path.join(SRC, prog + ".c")]
    options = ()
    if prog == "froyd" and tool == "ccprof":
        # At -O2 d is excluded too; the empty d is a tiny leaf, after which
        # c would need no restore, and -O2 would delete c's loop: leaf-size=0.
        options = ((("exclude", "c"),) if opt == "-O0"
                   else (("exclude", "c,d"), ("leaf-size", "0")))
    variant = {"ccprof": "ccprof", "gprof": "pg", "perf": "plain"}[tool]
    try:
        binary = build.build("acc-" + prog, units, ["-I" + SRC] + ALIGN, [], cname,
                             variant, options, opt)
    except build.BuildError as e:
        log(str(e), e.output[-1500:])
        return "build failed"
    d = scratch_dir("acc-%s-%s-%s-%s" % (prog, tool, cname, opt))
    argv = [binary, str(rounds(prog, opt))]
    truth_file = os.path.join(d, "truth")
    if os.path.exists(truth_file):
        os.unlink(truth_file)
    env = dict(os.environ, BENCH_TRUTH=truth_file)
    if tool == "ccprof":
        out = os.path.join(d, "ccprof.out")
        env["CCPROF_OUT"] = out
        env.pop("CCPROF_HZ", None)
        common.run_cpu(argv, env=env, cwd=d)
        s, n = shares.ccprof_flat(out)
    elif tool == "gprof":
        gmon = os.path.join(d, "gmon.out")
        if os.path.exists(gmon):
            os.unlink(gmon)
        common.run_cpu(argv, env=env, cwd=d)
        s, n = shares.gprof_flat(binary, gmon)
        if prog == "froyd" and n >= MIN_SAMPLES:
            s, _ = shares.gprof_total(binary, gmon)
    else:
        data = os.path.join(d, "perf.data")
        common.run_cpu(PERF + ["-o", data, "--"] + argv, env=env, cwd=d)
        s, n = (shares.perf_children if prog == "froyd" else shares.perf_self)(data)
    if n is not None and n < MIN_SAMPLES:
        return "n/a (%d samples: nothing to measure)" % n
    if prog == "froyd":
        s = froyd_metric(s)
    return {"shares": s, "samples": n, "truth": measured_truth(prog, truth_file)}


def fmt(v, truth):
    s = "%.1f (%.1f)" % (v, truth)
    return "**%s**" % s if abs(v - truth) > 2 else s


def table(res):
    header = ["Program", "function", "truth %"] + [c[0] for c in COLUMNS]
    rows = []
    worst = {c[0]: 0.0 for c in COLUMNS}
    moved = {c[0]: 0.0 for c in COLUMNS}
    samples = {c[0]: [] for c in COLUMNS}
    for prog in ORDER:
        if prog not in res:
            continue
        truth = PROGRAMS[prog][0]
        for i, (fn, t) in enumerate(truth.items()):
            row = [prog if i == 0 else "", fn, "%g" % t]
            for c in COLUMNS:
                r = res[prog].get(c[0])
                if isinstance(r, str):
                    row.append(r if i == 0 else "")
                    continue
                if r is None:
                    row.append("–")
                    continue
                v = r["shares"].get(fn, 0.0)
                m = r.get("truth", {}).get(fn)
                if m is None:  # no measurement: the nominal truth
                    m = t
                worst[c[0]] = max(worst[c[0]], abs(v - m))
                moved[c[0]] = max(moved[c[0]], abs(m - t))
                row.append(fmt(v, m))
                if i == 0 and r["samples"]:
                    samples[c[0]].append(r["samples"])
            rows.append(row)
    rows.append(["", "max \\|reported − measured\\| (points)", ""] +
                ["%.1f" % worst[c[0]] for c in COLUMNS])
    rows.append(["", "max \\|measured − nominal\\| (points)", ""] +
                ["%.1f" % moved[c[0]] for c in COLUMNS])
    rows.append(["", "samples per run", ""] +
                ["%d–%d" % (min(samples[c[0]]), max(samples[c[0]]))
                 if samples[c[0]] else "–" for c in COLUMNS])
    return common.md_table(header, rows)


def main():
    res = {}
    for prog in ORDER:
        res[prog] = {}
        for col in COLUMNS:
            log("accuracy: %s %s" % (prog, col[0]))
            try:
                res[prog][col[0]] = measure(prog, col)
            except (OSError, RuntimeError, ValueError,
                    subprocess.CalledProcessError) as e:
                log("accuracy: %s %s failed: %s" % (prog, col[0], e))
                res[prog][col[0]] = "failed"

    md = table(res)
    d = os.path.join(common.OUT, "results")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "accuracy.json"), "w") as f:
        json.dump(res, f, indent=1)
    with open(os.path.join(d, "accuracy.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
