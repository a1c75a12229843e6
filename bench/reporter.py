#!/usr/bin/env python3
"""reporter.py - how fast ccprof-report imports and reads many profiles.

A job that writes ccprof.%p.out from each of its processes leaves many
files of one program: here 1,000 profiles of 1,000 cost centres each
(10 modules; half the symbols mangled C++ names, which are demangled;
every file a different run: its pid and counts differ).  Measured, as
wall and CPU seconds of ccprof-report (median of BENCH_PAIRS runs, each
into a new database):

  - importing all of them in one invocation, --label job;
  - the flat profile of all of them summed (--merge job);
  - the flat profile of one run (--run N), and --runs.

Goal (issue 16): the import under 10 s on the reference machine.  Writes
$BENCH_OUT/results/reporter.md.  BENCH_QUICK=1: 100 files.
"""
import os
import shutil
import statistics
import subprocess
import time

import common
from common import OUT, REPORT, log

N_FILES = 100 if common.QUICK else 1000
N_CCS = 1000
N_MODULES = 10
REPEATS = int(os.environ.get("BENCH_PAIRS", "3" if common.QUICK else "5"))


def symbol(i):
    """Odd: ns::methodI(), mangled; even: a C name."""
    if i % 2:
        name = "method%d" % i
        return "_ZN2ns%d%sEv" % (len(name), name)
    return "c_function_%d" % i


def write_profile(path, k):
    lines = ["ccprof\t2", "program\t/usr/local/bin/job", "argv\t0\tjob",
             "argv\t1\t--part=%d" % k, "pid\t%d" % (10000 + k),
             "start\t%.6f" % (1763731200 + k), "wall\t1.000000",
             "user\t0.900000", "sys\t0.100000", "hz\t1000"]
    ticks = [(i * 7 + k) % 13 for i in range(N_CCS)]
    total = sum(ticks) + 5
    lines += ["ticks\t%d" % total, "samples\t%d" % total, "status\tcomplete"]
    for m in range(N_MODULES):
        lines.append("module\t%d\tGCC 12.2.0\tcounters=thread\tsrc/unit%d.c"
                     % (m, m))
    for i in range(N_CCS):
        m = i % N_MODULES
        lines.append("cc\t%d\t%d\t%d\t%d\t%d\t%s\tsrc/unit%d.c"
                     % (i, m, (i * 31 + k) % 1000, ticks[i], 10 + i,
                        symbol(i), m))
    lines += ["unprofiled\t5", "end\t%d\t%d" % (N_MODULES, N_CCS)]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def timed(args):
    """Wall and CPU seconds of one ccprof-report run."""
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    if status != 0:
        raise SystemExit("reporter: %s failed (status %d)"
                         % (" ".join(args[:4]), status))
    return wall, ru.ru_utime + ru.ru_stime


def main():
    work = os.path.join(OUT, "reporter")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    files = []
    for k in range(N_FILES):
        path = os.path.join(work, "ccprof.%d.out" % (10000 + k))
        write_profile(path, k)
        files.append(path)
    size = sum(os.path.getsize(f) for f in files)
    log("reporter: %d files, %.0f MB" % (N_FILES, size / 1e6))
    db = os.path.join(work, "job.db")
    results = {}
    for rep in range(REPEATS):
        if os.path.exists(db):
            os.remove(db)
        for key, args in [
                ("import", ["--label", "job"] + files),
                ("merge", ["--merge", "job"]),
                ("run", ["--run", "1"]),
                ("runs", ["--runs"])]:
            results.setdefault(key, []).append(
                timed([REPORT, "--db", db] + args))
    rows = [("import", "import %d files of %d cost centres (one invocation)"
             % (N_FILES, N_CCS)),
            ("merge", "--merge job: the flat profile of all of them summed"),
            ("run", "--run 1: the flat profile of one run"),
            ("runs", "--runs: the list of %d runs" % N_FILES)]
    out = ["| What | wall s (median, min–max) | CPU s (median) |",
           "|---|---|---|"]
    for key, what in rows:
        walls = [w for w, _ in results[key]]
        cpus = [c for _, c in results[key]]
        out.append("| %s | %.2f (%.2f–%.2f) | %.2f |" % (
            what, statistics.median(walls), min(walls), max(walls),
            statistics.median(cpus)))
    out.append("")
    out.append("%d runs each; %.0f MB of profiles; database %.0f MB.  "
               "Goal: the import under 10 s." % (
                   REPEATS, size / 1e6, os.path.getsize(db) / 1e6))
    os.makedirs(os.path.join(OUT, "results"), exist_ok=True)
    with open(os.path.join(OUT, "results", "reporter.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
