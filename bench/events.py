#!/usr/bin/env python3
"""events.py - what CCPROF_EVENTS costs: the alloc and io meters off
(interposed, passing calls on) and on, and the sampled events.

    python3 bench/events.py

bench/events/alloc_io.c (about 10^7 malloc/free and 10^4 read/write a
second of run) built at -O2 with ccprof, per compiler, run against:

  no meters   the same binary with a libccprof.so linked without
              meters_alloc.o and meters_io.o (what ccprof shipped before
              CCPROF_EVENTS: malloc and read go straight to libc), through
              LD_LIBRARY_PATH (the binaries have a RUNPATH, which it
              overrides)
  off         libccprof.so as built, CCPROF_EVENTS unset
  alloc, io, alloc,io,faults,cswitch, wall   CCPROF_EVENTS set

The same settings on SQLite's speedtest1 (bench/programs.py), the
issue's real program (BENCH_EVENTS_ONLY=sqlite runs only that part).

Per cell: the median ratio of CPU time to the `no meters` run over paired
alternating runs, with the min-max; `off` at 1.00 is "enabling nothing
costs nothing".  A second table counts the instructions executed
(valgrind's cachegrind, 2000 rounds), deterministic where CPU times are
noisy: what the interposition itself costs.  Writes
$BENCH_OUT/results/events.{json,md}.
"""
import glob
import json
import os
import subprocess
import sys

import build
import common
from common import COMPILERS, NA_NO_PLUGIN, QUICK, log
from runners import scratch_dir

SRC = os.path.join(common.HERE, "events", "alloc_io.c")
ROUNDS = os.environ.get("BENCH_EVENTS_ROUNDS", "3000" if QUICK else "20000")
SETTINGS = [("off", None), ("alloc", "alloc"), ("io", "io"),
            ("alloc,io,faults,cswitch", "alloc,io,faults,cswitch"),
            ("wall", "wall")]


def no_meters_libdir():
    """A directory with libccprof.so linked from the same objects minus the
    meters (meters_alloc.o, meters_io.o)."""
    rt = os.path.join(common.BUILD, "runtime", "CMakeFiles")
    objs = sorted(glob.glob(os.path.join(rt, "ccprof_objects.dir", "*.o")))
    objs += glob.glob(os.path.join(rt, "ccprof_shared.dir",
                                   "threads_interpose.c.o"))
    if not objs:
        raise RuntimeError("no runtime objects under " + rt)
    out = os.path.join(common.OUT, "lib-no-meters")
    os.makedirs(out, exist_ok=True)
    lib = os.path.join(out, "libccprof.so")
    subprocess.run(["cc", "-shared", "-o", lib] + objs +
                   ["-pthread", "-ldl", "-lrt", "-Wl,-z,nodelete",
                    "-Wl,-soname,libccprof.so"], check=True)
    return out


def measure():
    bare = no_meters_libdir()
    res = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        res[c] = {}
        binary = build.build("alloc_io", [SRC], [], [], c, "ccprof")
        work = scratch_dir("events-" + c)
        base_env = dict(os.environ, LD_LIBRARY_PATH=bare,
                        CCPROF_OUT=os.path.join(work, "base.out"))
        base_env.pop("CCPROF_EVENTS", None)
        for label, events in SETTINGS:
            env = dict(os.environ, CCPROF_OUT=os.path.join(work, "var.out"))
            env.pop("CCPROF_EVENTS", None)
            if events:
                env["CCPROF_EVENTS"] = events
            r = common.paired(
                lambda: common.run_cpu([binary, ROUNDS], env=base_env)[0],
                lambda: common.run_cpu([binary, ROUNDS], env=env)[0],
                label="%s CCPROF_EVENTS=%s" % (comp.label, label))
            res[c][label] = r
    return res


def measure_sqlite():
    """The same settings on SQLite's speedtest1 (programs.Sqlite, built
    with ccprof): a real program's cost of the meters, off and on."""
    import programs
    prog = programs.Sqlite()
    prog.prepare()
    bare = no_meters_libdir()
    res = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        res[c] = {}
        binary = build.build_program(prog, c, "ccprof")
        work = scratch_dir("events-sqlite-" + c)
        argv = prog.steps(binary, work)[0].argv
        base_env = dict(os.environ, LD_LIBRARY_PATH=bare,
                        CCPROF_OUT=os.path.join(work, "base.out"))
        base_env.pop("CCPROF_EVENTS", None)
        for label, events in SETTINGS:
            env = dict(os.environ, CCPROF_OUT=os.path.join(work, "var.out"))
            env.pop("CCPROF_EVENTS", None)
            if events:
                env["CCPROF_EVENTS"] = events
            res[c][label] = common.paired(
                lambda: common.run_cpu(argv, env=base_env)[0],
                lambda: common.run_cpu(argv, env=env)[0],
                label="sqlite %s CCPROF_EVENTS=%s" % (comp.label, label))
    return res, prog.describe()


VG_ROUNDS = "2000"


def instructions(binary, env):
    """Instructions executed by binary VG_ROUNDS under cachegrind."""
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", binary, VG_ROUNDS],
                         env=env, capture_output=True, text=True, check=True).stderr
    for line in out.splitlines():
        if "I   refs:" in line or "I refs:" in line:
            return int(line.split(":")[1].replace(",", "").strip())
    raise RuntimeError("no instruction count from valgrind")


def measure_instructions():
    if not common._which("valgrind"):
        return None
    bare = no_meters_libdir()
    res = {}
    for c in common.COMPILER_ORDER:
        comp = COMPILERS[c]
        if not comp.has_plugin():
            res[c] = NA_NO_PLUGIN
            continue
        binary = build.build("alloc_io", [SRC], [], [], c, "ccprof")
        work = scratch_dir("events-vg-" + c)
        env = dict(os.environ, CCPROF_OUT=os.path.join(work, "vg.out"))
        env.pop("CCPROF_EVENTS", None)
        base = instructions(binary, dict(env, LD_LIBRARY_PATH=bare))
        res[c] = {"no meters": base}
        for label, events in SETTINGS:
            e = dict(env)
            if events:
                e["CCPROF_EVENTS"] = events
            res[c][label] = instructions(binary, e)
            log("  %s %s: %d instructions (%.3f×)" % (
                comp.label, label, res[c][label], res[c][label] / base))
    return res


def instructions_table(res):
    header = ["CCPROF_EVENTS"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = [["no meters (reference)"] + [
        r if isinstance(r, str) else "{:,}".format(r["no meters"])
        for r in (res[c] for c in common.COMPILER_ORDER)]]
    for label, _ in SETTINGS:
        row = ["unset (meters off)" if label == "off" else "`%s`" % label]
        for c in common.COMPILER_ORDER:
            r = res[c]
            row.append(r if isinstance(r, str) else "%+.1f%%" % (
                100.0 * (r[label] / r["no meters"] - 1)))
        rows.append(row)
    return common.md_table(header, rows)


def table(res):
    header = ["CCPROF_EVENTS"] + [COMPILERS[c].label for c in common.COMPILER_ORDER]
    rows = []
    for label, _ in SETTINGS:
        row = ["unset (meters off)" if label == "off" else "`%s`" % label]
        for c in common.COMPILER_ORDER:
            r = res[c]
            row.append(r if isinstance(r, str) else common.fmt_ratio(r[label]))
        rows.append(row)
    return common.md_table(header, rows)


def main():
    if os.environ.get("BENCH_EVENTS_ONLY") == "sqlite":
        sq, what = measure_sqlite()
        md = "%s:\n\n%s" % (what, table(sq))
        os.makedirs(os.path.join(common.OUT, "results"), exist_ok=True)
        with open(os.path.join(common.OUT, "results", "events-sqlite.md"),
                  "w") as f:
            f.write(md)
        print(md)
        return 0
    res = measure()
    sq, what = measure_sqlite()
    vg = measure_instructions()
    os.makedirs(os.path.join(common.OUT, "results"), exist_ok=True)
    base = os.path.join(common.OUT, "results", "events")
    with open(base + ".json", "w") as f:
        json.dump({"cpu": res, "sqlite": sq, "instructions": vg}, f,
                  indent=1, default=str)
    md = table(res) + "\n\n%s:\n\n%s" % (what, table(sq))
    if vg:
        md += ("\n\nInstructions executed (valgrind, %s rounds), as the "
               "increase over the same binary with libccprof without "
               "meters:\n\n" % VG_ROUNDS) + instructions_table(vg)
    with open(base + ".md", "w") as f:
        f.write(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
