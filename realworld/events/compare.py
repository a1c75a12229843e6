#!/usr/bin/env python3
"""compare.py LABEL PROFILE STRACE IN OUT LTPROFILE LTRACE - the checks of
realworld/events/run.sh for one run of xz.

I/O: the profile's read and write calls and bytes, summed over all cost
centres (unprofiled included), against strace's for the descriptors of IN
and OUT (the data).  strace also shows reads no library can interpose
(the dynamic linker loading libraries, glibc's setlocale reading
/etc/locale.alias through its internal stdio) and libccprof's own profile
write, which the meter leaves out by design: listed, not compared.

Allocation: the allocation calls, bytes and free calls of the cost
centres of liblzma and xz (every cost centre but main, whose figures
include glibc's internal allocations for setlocale, which ltrace does not
see), against ltrace's for the calls made from the xz executable's PLT
(ltrace runs the program again: xz allocates the same at every run).
Prints one line per figure and exits 1 if any differs."""
import re
import sys
from collections import Counter

sys.path.insert(0, __import__("os").path.join(
    __import__("os").path.dirname(__file__), "..", "..", "test", "tools"))
import ccprof_profile as profile  # noqa: E402

label, prof, strace, path_in, path_out, ltprof, ltrace = sys.argv[1:8]


def metric_totals(path, skip=()):
    header, ccs, _ = profile.read(path)
    t = Counter()
    for cc in ccs:
        if cc["name"] not in skip:
            t.update(cc["metrics"])
    if not skip:
        t.update(header["unprofiled_metric"])
    return t


def strace_totals(path):
    data, other = Counter(), Counter()
    for line in open(path):
        m = re.match(r"\d+\s+(\w+)\((\d+)<([^>]*)>.*= (-?\d+)", line)
        if not m:
            continue
        call, _, target, rv = m.group(1), m.group(2), m.group(3), int(m.group(4))
        kind = "read" if call.startswith(("read", "pread")) else "write"
        t = data if target in (path_in, path_out) or target.startswith("pipe:") else other
        t[kind + "_calls"] += 1
        if rv > 0:
            t[kind + "_bytes"] += rv
        if t is other:
            other[(target, kind)] += 1
    return data, other


def ltrace_totals(path):
    t = Counter()
    for line in open(path):
        m = re.match(r"\d+\s+(\S+?)->(\w+)\(([^)]*)\)", line)
        if not m or m.group(1) not in ("xz",):
            continue
        fn, args = m.group(2), [a.strip() for a in m.group(3).split(",")]
        if fn == "free":
            t["free_calls"] += 1
            continue
        t["alloc_calls"] += 1
        t["alloc_bytes"] += {"malloc": lambda: int(args[0]),
                             "calloc": lambda: int(args[0]) * int(args[1]),
                             "realloc": lambda: int(args[1]),
                             "aligned_alloc": lambda: int(args[1]),
                             "posix_memalign": lambda: int(args[2])}[fn]()
    return t


ok = True
ours = metric_totals(prof)
data, other = strace_totals(strace)
for k in ("read_calls", "read_bytes", "write_calls", "write_bytes"):
    same = ours[k] == data[k]
    ok &= same
    print("%-22s %-12s ccprof %12d  strace %12d  %s" % (
        label, k, ours[k], data[k], "ok" if same else "DIFFERENT"))
print("%-22s not compared (not interposable, or libccprof's own): %s" % (
    label, ", ".join("%s %s x%d" % (t, k, n) for (t, k), n in
                     sorted((k, v) for k, v in other.items() if isinstance(k, tuple)))))
ours = metric_totals(ltprof, skip=("main",))
theirs = ltrace_totals(ltrace)
for k in ("alloc_calls", "alloc_bytes", "free_calls"):
    same = ours[k] == theirs[k]
    ok &= same
    print("%-22s %-12s ccprof %12d  ltrace %12d  %s" % (
        label, k, ours[k], theirs[k], "ok" if same else "DIFFERENT"))
sys.exit(0 if ok else 1)
