#!/usr/bin/env python3
"""within.py FILE_A FILE_B PERCENT - the last number in FILE_A is within
PERCENT % of the last number in FILE_B (and both are positive)."""
import re
import sys


def last_number(path):
    with open(path) as f:
        numbers = re.findall(r"\d+", f.read())
    return int(numbers[-1]) if numbers else 0


a, b, pct = last_number(sys.argv[1]), last_number(sys.argv[2]), float(sys.argv[3])
ok = a > 0 and b > 0 and abs(a - b) <= b * pct / 100
print("%d vs %d: %s" % (a, b, "within %g%%" % pct if ok else "NOT within %g%%" % pct))
sys.exit(0 if ok else 1)
