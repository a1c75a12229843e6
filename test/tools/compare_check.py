#!/usr/bin/env python3
"""compare_check.py CSV inherited MISSING CALLER [--tol POINTS]
   compare_check.py CSV overhead [--min R] [--max R]

Reads the CSV output of `ccprof-report --compare A B --format csv`.

inherited: the output of two profiles (the comparison rows, a blank
line, then missing,only_in,pct,inherited_by,delta_pct rows).  Checks
that MISSING is only in run a and that CALLER's share grew in run b by
MISSING's share in run a, within POINTS (default 3): Appel's "the
caller inherits the excluded function's time".  Prints both numbers.

overhead: the output of a profile against a --time run (measure, a, b,
ratio, ratio_low, ratio_high rows).  Checks that the CPU ratio is between
--min and --max (defaults 0.5 and 10: a sanity range, not a performance
claim), that the wall ratio is positive (on a loaded machine the two
builds' wall times are anyone's: 0.48 was seen at load average 12), and
that low <= ratio <= high for both."""
import argparse
import csv
import io
import sys

p = argparse.ArgumentParser()
p.add_argument("csv")
p.add_argument("what", choices=["inherited", "overhead"])
p.add_argument("names", nargs="*")
p.add_argument("--tol", type=float, default=3.0)
p.add_argument("--min", type=float, default=0.5)
p.add_argument("--max", type=float, default=10.0)
a = p.parse_args()

blocks = open(a.csv).read().split("\n\n")
tables = [list(csv.DictReader(io.StringIO(b))) for b in blocks if b.strip()]


def fail(msg):
    sys.exit("compare_check: " + msg)


if a.what == "inherited":
    missing, caller = a.names
    rows = [r for r in tables[1] if r["missing"] == missing]
    if not rows:
        fail("%s is not a cost centre only one run has" % missing)
    if rows[0]["only_in"] != "a":
        fail("%s is only in run %s, not a" % (missing, rows[0]["only_in"]))
    share = float(rows[0]["pct"])
    gains = {r["inherited_by"]: float(r["delta_pct"]) for r in rows}
    if caller not in gains:
        fail("%s inherited nothing from %s (gainers: %s)"
             % (caller, missing, ", ".join(gains) or "none"))
    print("%s %.2f%% in run a; %s +%.2f points in run b"
          % (missing, share, caller, gains[caller]))
    if abs(gains[caller] - share) > a.tol:
        fail("%s gained %.2f points, not %.2f within %.1f"
             % (caller, gains[caller], share, a.tol))
else:
    rows = {r["measure"]: r for r in tables[0]}
    for m in ("cpu_s", "wall_s"):
        r = rows[m]
        ratio, low, high = (float(r[k]) for k in ("ratio", "ratio_low",
                                                  "ratio_high"))
        print("%s ratio %.3f (%.3f to %.3f)" % (m, ratio, low, high))
        lo, hi = (a.min, a.max) if m == "cpu_s" else (0, float("inf"))
        if not lo < ratio <= hi or (m == "cpu_s" and ratio < lo):
            fail("%s ratio %.3f outside %.2f..%.2f" % (m, ratio, lo, hi))
        if not low <= ratio <= high:
            fail("%s ratio %.3f not within its spread %.3f..%.3f"
                 % (m, ratio, low, high))
