#!/usr/bin/env python3
"""metrics.py PROFILE [--events] [METRIC...] [--expect NAME:METRIC=LO..HI]...

Prints, for FileCheck, "name metric value" for every cost centre (sorted
by name; "(unprofiled)" last) and each METRIC asked for (all metric
records when none is named), leaving out zeros; with --events, first the
profile's "events" line.  Each --expect checks that cost centre NAME's
METRIC (0 if it has no record) lies in LO..HI, or, as NAME:METRIC%=LO..HI,
that its share of the metric's total (unprofiled included) does, in
percent; a failed check exits 1 after saying which."""
import sys
import ccprof_profile as profile

args = sys.argv[1:]
path = args.pop(0)
show_events = "--events" in args
expects, wanted = [], []
while args:
    a = args.pop(0)
    if a == "--expect":
        expects.append(args.pop(0))
    elif a != "--events":
        wanted.append(a)

header, ccs, _ = profile.read(path)
rows = [(c["name"], c["metrics"]) for c in
        sorted(ccs, key=lambda c: (c["name"], c["file"]))]
rows.append(("(unprofiled)", header["unprofiled_metric"]))
if show_events:
    print("events " + (header.get("events", [""])[0] or "(none)"))
for name, metrics in rows:
    for m in sorted(metrics):
        if (not wanted or m in wanted) and metrics[m]:
            print("%s %s %d" % (name, m, metrics[m]))

failed = False
for e in expects:
    who, rng = e.split("=")
    name, metric = who.split(":")
    share = metric.endswith("%")
    metric = metric.rstrip("%")
    lo, hi = (float(x) for x in rng.split(".."))
    value = sum(m.get(metric, 0) for n, m in rows if n == name)
    if share:
        total = sum(m.get(metric, 0) for _, m in rows)
        value = 100.0 * value / total if total else 0.0
    ok = lo <= value <= hi
    print("%s %s %s%s %s in %s..%s" % ("ok" if ok else "FAIL", name, metric,
                                      "%" if share else "", value, lo, hi))
    failed |= not ok
sys.exit(1 if failed else 0)
