#!/usr/bin/env python3
"""shares.py PROFILE [NAME=PERCENT...] [--balance A,B] [--tol POINTS] [--min-ticks N]
          [--truth FILE [--nominal-tol POINTS]]

Checks that each NAME's share of all samples in PROFILE is within POINTS
(default 3) of PERCENT ("(unprofiled)" names the unprofiled ticks), and that the profile holds at least N samples
(default 100, so that a broken timer cannot pass).  NAME may be
NAME1+NAME2 to sum several cost centres.  Prints every share; exits 1 with
a message naming the first one out of tolerance.

With --truth FILE (written by the test program: "NAME SECONDS" lines of
thread CPU time, see test/e2e/e2e_work.h), the share each NAME is checked
against is the measured one, NAME's seconds over the sum of all lines,
and PERCENT, the share the work was calibrated for, only has to be within
--nominal-tol points (default 10) of it, so that a broken calibration
cannot pass either.  --balance then wants A's measured share of A+B."""
import argparse
import sys
import ccprof_profile as profile

p = argparse.ArgumentParser()
p.add_argument("profile")
p.add_argument("expect", nargs="*")
p.add_argument("--tol", type=float, default=3.0)
p.add_argument("--min-ticks", type=int, default=100)
p.add_argument("--balance", action="append", default=[],
               help="A,B: A's share of A+B is 50%% within --tol points")
p.add_argument("--truth")
p.add_argument("--nominal-tol", type=float, default=10.0)
a = p.parse_intermixed_args()

truth = {}
if a.truth:
    with open(a.truth) as f:
        for line in f:
            name, sec = line.rsplit(None, 1)
            truth[name] = float(sec)
    if not truth or sum(truth.values()) <= 0:
        sys.exit("shares: no measured time in %s" % a.truth)


def measured(names):
    """NAMES' share of the measured truth, in percent."""
    if not any(n in truth for n in names):  # NAME1+NAME2: one may be absent
        sys.exit("shares: %s not in %s" % (" or ".join(names), a.truth))
    return 100.0 * sum(truth.get(n, 0) for n in names) / sum(truth.values())


_, ccs, unprofiled = profile.read(a.profile)
total = sum(c["ticks"] for c in ccs) + unprofiled
by_name = {}
for c in ccs:
    by_name[c["name"]] = by_name.get(c["name"], 0) + c["ticks"]
for name, ticks in sorted(by_name.items(), key=lambda kv: -kv[1]):
    print("share %-24s %6.2f%%  (%d ticks)" % (name, 100.0 * ticks / max(total, 1), ticks))
print("share %-24s %6.2f%%  (%d ticks)" % ("(unprofiled)", 100.0 * unprofiled / max(total, 1), unprofiled))
by_name["(unprofiled)"] = unprofiled  # a NAME like any other
if total < a.min_ticks:
    sys.exit("shares: only %d samples in %s (need %d)" % (total, a.profile, a.min_ticks))
bad = 0
for e in a.expect:
    names, want = e.rsplit("=", 1)
    got = 100.0 * sum(by_name.get(n, 0) for n in names.split("+")) / total
    if a.truth:
        nominal, want = float(want), measured(names.split("+"))
        ok = abs(want - nominal) <= a.nominal_tol
        print("%s %s: measured %.2f%% (calibrated for %g%% +- %g)" % (
            "ok" if ok else "FAIL", names, want, nominal, a.nominal_tol))
        bad += not ok
    ok = abs(got - float(want)) <= a.tol
    print("%s %s: %.2f%% (want %.2f%% +- %g)" % ("ok" if ok else "FAIL", names, got, float(want), a.tol))
    bad += not ok
for pair in a.balance:
    x, y = pair.split(",")
    tx, ty = by_name.get(x, 0), by_name.get(y, 0)
    got = 100.0 * tx / max(tx + ty, 1)
    want = 50.0
    if a.truth:
        want = 100.0 * measured([x]) / (measured([x]) + measured([y]))
        ok = abs(want - 50.0) <= a.nominal_tol
        print("%s balance %s:%s measured %.2f%% : %.2f%% (calibrated for 50 +- %g)" % (
            "ok" if ok else "FAIL", x, y, want, 100 - want, a.nominal_tol))
        bad += not ok
    ok = abs(got - want) <= a.tol
    print("%s balance %s:%s = %.2f%% : %.2f%% (want %.2f +- %g)" % ("ok" if ok else "FAIL", x, y, got, 100 - got, want, a.tol))
    bad += not ok
sys.exit(1 if bad else 0)
