"""shares.py - read the per-function time shares (percent of all samples)
that each profiler reports.

  ccprof_flat(path)        ccprof.out: ticks of each cost centre / total
                           ticks (the `ticks` line, unprofiled included)
  gprof_flat(bin, gmon)    gprof -b -p: the "% time" column
  gprof_total(bin, gmon)   gprof -b -q: "% time" of each function's primary
                           line in the call graph (self + children)
  perf_self(data)          perf report --no-children --sort symbol: self %
  perf_children(data)      perf report --children --sort symbol: children %

Each returns (dict name -> percent, number of samples or None).
"""
import re
import subprocess


def ccprof_flat(path):
    ticks, total = {}, 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            fld = line.rstrip("\n").split("\t")
            if fld[0] == "ticks":
                total = int(fld[1])
            elif fld[0] == "cc":
                ticks[fld[6]] = ticks.get(fld[6], 0) + int(fld[4])
    if not total:
        return {}, 0
    return {k: 100.0 * v / total for k, v in ticks.items()}, total


def _run(argv):
    return subprocess.run(argv, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True).stdout


def gprof_flat(binary, gmon):
    out = _run(["gprof", "-b", "-p", binary, gmon])
    res, total_s = {}, 0.0
    for line in out.splitlines():
        f = line.split()
        # %time cumulative self [calls self/call total/call] name
        if len(f) >= 4 and re.fullmatch(r"[0-9.]+", f[0]) and re.fullmatch(r"[0-9.]+", f[2]):
            res[f[-1]] = res.get(f[-1], 0.0) + float(f[0])
            total_s += float(f[2])
    # gprof samples at 100 Hz ("Each sample counts as 0.01 seconds").
    return res, int(round(total_s * 100))


def gprof_total(binary, gmon):
    out = _run(["gprof", "-b", "-q", binary, gmon])
    res = {}
    for line in out.splitlines():
        m = re.match(r"\[\d+\]\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s+.*?(\S+) \[\d+\]\s*$", line)
        if m:
            res[m.group(4)] = float(m.group(1))
    return res, None


_PERF_LINE = re.compile(
    r"^\s*([0-9.]+)%\s+(?:([0-9.]+)%\s+)?(\d+)\s+\[(.)\]\s+(\S+)")


def _perf(data, children):
    """Self (or children) percent per symbol, and the number of samples
    (the sum of the self sample counts)."""
    def report(mode):
        return _run(["perf", "report", "-i", data, "--stdio", "-q", "-n",
                     "--sort", "symbol", mode])
    n, res = 0, {}
    for line in report("--no-children").splitlines():
        m = _PERF_LINE.match(line)
        if m:
            n += int(m.group(3))
            if not children:
                res[m.group(5)] = res.get(m.group(5), 0.0) + float(m.group(1))
    if children:
        for line in report("--children").splitlines():
            m = _PERF_LINE.match(line)
            if m:
                name = m.group(5)
                res[name] = max(res.get(name, 0.0), float(m.group(1)))
    return res, n


def perf_self(data):
    return _perf(data, False)


def perf_children(data):
    return _perf(data, True)
