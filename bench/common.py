"""common.py - what every benchmark script shares: paths, the compilers
and how to load ccprof into each, running a command and measuring its CPU
time, paired runs, statistics and the machine description.

Environment:
  BENCH_QUICK=1         fewer pairs, smaller inputs (development)
  CCPROF_BENCH_CACHE    downloaded sources, generated data
                        (default ${XDG_CACHE_HOME:-$HOME/.cache}/ccprof-bench)
  CCPROF_BUILD          ccprof's CMake build directory (default REPO/build)
  BENCH_OUT             where binaries and scratch files go
                        (default $CCPROF_BUILD/bench)
  BENCH_PAIRS           minimum number of pairs (default 5, quick 3)
  BENCH_MAX_PAIRS       pairs to go up to when the spread is > 5% (default 11,
                        quick 3)

Times are CPU times (user + sys) of the child and all its descendants, from
os.wait4: on a shared, noisy machine they move much less than wall time.
"""
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BUILD = os.path.abspath(os.environ.get("CCPROF_BUILD", os.path.join(REPO, "build")))
CACHE = os.path.abspath(os.environ.get(
    "CCPROF_BENCH_CACHE",
    os.path.join(os.environ.get("XDG_CACHE_HOME") or
                 os.path.join(os.path.expanduser("~"), ".cache"), "ccprof-bench")))
OUT = os.path.abspath(os.environ.get("BENCH_OUT", os.path.join(BUILD, "bench")))
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
MIN_PAIRS = int(os.environ.get("BENCH_PAIRS", "3" if QUICK else "5"))
MAX_PAIRS = max(MIN_PAIRS, int(os.environ.get("BENCH_MAX_PAIRS", "3" if QUICK else "11")))
SPREAD_LIMIT = 0.05          # (max - min) / median of the ratios

CONFIG = os.path.join(BUILD, "bin", "ccprof-config")
REPORT = os.path.join(BUILD, "bin", "ccprof-report")
LIBDIR = os.path.join(BUILD, "lib")


def log(*args):
    print(*args, file=sys.stderr, flush=True)


class Compiler:
    """One compiler and how ccprof plugs into it."""

    def __init__(self, name, label, cc, cxx, plugin, load, opt):
        self.name = name          # key used in file names: gcc, clang14
        self.label = label        # column heading: gcc 12, clang 14
        self.cc = cc              # driver
        self.cxx = cxx            # C++ driver
        self.plugin = plugin      # path of ccprof's plugin for it
        self.load = load          # plugin path -> flags that load it
        self.opt = opt            # (key, value) -> flags for one option

    def exists(self):
        return _which(self.cc) is not None

    def has_plugin(self):
        return self.exists() and os.path.isfile(self.plugin)

    def plugin_flags(self, options=()):
        flags = self.load(self.plugin)
        for k, v in options:
            flags += self.opt(k, v)
        return flags

    def version(self):
        try:
            out = subprocess.run([self.cc, "--version"], capture_output=True,
                                 text=True).stdout
            return out.splitlines()[0].strip()
        except OSError:
            return "?"


def _which(prog):
    if os.sep in prog:
        return prog if os.access(prog, os.X_OK) else None
    for d in os.environ.get("PATH", "").split(os.pathsep):
        p = os.path.join(d, prog)
        if os.access(p, os.X_OK):
            return p
    return None


def _clang(major):
    cc = "/usr/lib/llvm-%d/bin/clang" % major
    if not os.access(cc, os.X_OK):
        cc = "clang-%d" % major
    return Compiler(
        "clang%d" % major, "clang %d" % major, cc, cc + "++",
        os.path.join(LIBDIR, "ccprof", "llvm%d" % major, "ccprof.so"),
        lambda p: ["-fplugin=" + p, "-fpass-plugin=" + p],
        lambda k, v: ["-mllvm", "-ccprof-%s=%s" % (k, v)])


COMPILERS = {
    "gcc": Compiler(
        "gcc", "gcc 12", "gcc", "g++",
        os.path.join(LIBDIR, "ccprof", "gcc", "ccprof.so"),
        lambda p: ["-fplugin=" + p],
        lambda k, v: ["-fplugin-arg-ccprof-%s=%s" % (k, v)]),
    "clang14": _clang(14),
    "clang22": _clang(22),
}
COMPILER_ORDER = ["gcc", "clang14", "clang22"]

# Plugin options that switch off one half of the instrumentation, for
# Appel's overhead breakdown.  Requested from the plugins' maintainer; a
# plugin without them fails to compile ("Unknown command line argument" /
# "unknown option") and the breakdown says n/a.
OPT_COUNT_OFF = ("count", "off")      # no call-count increment
OPT_CURRENT_OFF = ("current", "off")  # no stores to __ccprof_current

NA_NO_PLUGIN = "n/a (plugin not built)"


def ccprof_libs():
    """Linker flags for libccprof, from ccprof-config --libs."""
    out = subprocess.run(["sh", CONFIG, "--libs"], capture_output=True,
                         text=True, check=True).stdout
    return out.split()


def ccprof_cflags():
    out = subprocess.run(["sh", CONFIG, "--cflags"], capture_output=True,
                         text=True, check=True).stdout
    return out.split()


# ---------------------------------------------------------------- running

class Step:
    """One command of a benchmark run: argv, optional stdin/stdout files."""

    def __init__(self, argv, stdin=None, stdout=None):
        self.argv = list(argv)
        self.stdin = stdin
        self.stdout = stdout


def run_cpu(argv, env=None, cwd=None, stdin=None, stdout=None):
    """Runs argv to completion; returns (user+sys CPU seconds of the child
    and its descendants, wall seconds).  Fails on a non-zero exit."""
    fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
    fout = open(stdout, "wb") if stdout else subprocess.DEVNULL
    try:
        t0 = time.monotonic()
        p = subprocess.Popen(argv, env=env, cwd=cwd, stdin=fin, stdout=fout,
                             stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if stdin:
            fin.close()
        if stdout:
            fout.close()
    if p.returncode != 0:
        raise RuntimeError("%s exited with %d:\n%s" % (
            " ".join(argv), p.returncode, err.decode(errors="replace")[-2000:]))
    return ru.ru_utime + ru.ru_stime, wall


def run_steps(steps, env=None, cwd=None, wrap=None):
    """Runs a list of Steps; returns the total CPU seconds.  wrap(i, argv)
    may turn a step's argv into another (e.g. prefix perf record)."""
    total = 0.0
    for i, s in enumerate(steps):
        argv = wrap(i, s.argv) if wrap else s.argv
        cpu, _ = run_cpu(argv, env=env, cwd=cwd, stdin=s.stdin, stdout=s.stdout)
        total += cpu
    return total


def paired(run_base, run_var, label="", min_pairs=None, max_pairs=None):
    """Paired alternating runs: each pair runs the baseline and the variant
    back to back (the order alternates from pair to pair), and its ratio
    is variant / baseline.  At least MIN_PAIRS pairs; more, up to
    MAX_PAIRS, while the ratios spread more than SPREAD_LIMIT.  Returns a
    dict with the ratios and the times."""
    lo = min_pairs or MIN_PAIRS
    hi = max(lo, max_pairs or MAX_PAIRS)
    ratios, base, var = [], [], []
    n = 0
    while True:
        if n % 2 == 0:
            b = run_base()
            v = run_var()
        else:
            v = run_var()
            b = run_base()
        base.append(b)
        var.append(v)
        ratios.append(v / b if b > 0 else float("nan"))
        n += 1
        if n >= hi:
            break
        if n >= lo and spread(ratios) <= SPREAD_LIMIT:
            break
    r = summary(ratios)
    r.update(base=base, var=var, base_median=statistics.median(base),
             var_median=statistics.median(var), minratio=min(var) / min(base))
    log("  %-40s %s, min/min %.2f×  (base %.2fs)" % (label, fmt_ratio(r), r["minratio"],
                                                     r["base_median"]))
    return r


def spread(xs):
    m = statistics.median(xs)
    return (max(xs) - min(xs)) / m if m else float("inf")


def summary(ratios):
    return {"ratios": ratios, "median": statistics.median(ratios),
            "min": min(ratios), "max": max(ratios), "n": len(ratios)}


def fmt_ratio(r):
    if r is None:
        return "n/a"
    if isinstance(r, str):
        return r
    return "%.2f× (%.2f–%.2f, n=%d)" % (r["median"], r["min"], r["max"], r["n"])


# ---------------------------------------------------------------- machine

def machine():
    """One paragraph describing the machine, for RESULTS.md."""
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/loadavg") as f:
            load = " ".join(f.read().split()[:3])
    except OSError:
        load = "?"
    osname = "?"
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    comps = ", ".join(c.version() for c in COMPILERS.values() if c.exists())
    return ("%s; %d CPUs (nproc), %s; kernel %s; load average at the start "
            "%s; compilers: %s." % (osname, os.cpu_count() or 0, model,
                                    platform.release(), load, comps))


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def save_results(part, data, md):
    """Saves a part's data and table under $BENCH_OUT/results/ (PART.json,
    PART.md, which run.py assembles) and prints the table."""
    os.makedirs(os.path.join(OUT, "results"), exist_ok=True)
    base = os.path.join(OUT, "results", part)
    with open(base + ".json", "w") as f:
        json.dump(data, f, indent=1, default=str)
    with open(base + ".md", "w") as f:
        f.write(md)
    print(md)


def md_table(header, rows):
    """A markdown table as a string."""
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out) + "\n"
