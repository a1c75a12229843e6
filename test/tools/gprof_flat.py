#!/usr/bin/env python3
"""gprof_flat.py FILE - read a flat profile in the layout of `gprof -b -p`.

A strict reader of GNU gprof's brief flat profile, as scripts written for
it read it: the "Flat profile:" title, the "Each sample counts as S
seconds." line, the two heading lines (with the per-call unit s, ms, us
or ns), then one row per function in gprof's fixed columns
(%6.2f %9.2f %8.2f, then calls %8d and two %8.2f per-call times, or
blanks for a function never called, two spaces, the name).  Every row
is also checked to split into the same 7 (or 4) whitespace-separated
fields.  Prints "name calls self_seconds" per row; exits 1 with the line
number and the reason at the first line that does not fit."""
import re
import sys

lines = open(sys.argv[1]).read().split("\n")
if lines and lines[-1] == "":
    lines.pop()


def fail(n, why):
    sys.exit("gprof_flat: %s:%d: %s: %r" % (sys.argv[1], n + 1, why,
                                            lines[n] if n < len(lines) else ""))


NUM = r" *-?\d+\.\d\d"
expect = ["Flat profile:", "", None,
          "  %   cumulative   self              self     total           ",
          None]
for n, want in enumerate(expect):
    if n >= len(lines):
        fail(n, "too short")
    if want is not None and lines[n] != want:
        fail(n, "expected %r" % want)
if not re.fullmatch(r"Each sample counts as [0-9.e+-]+ seconds\.", lines[2]):
    fail(2, "not the sample line")
m = re.fullmatch(r" time   seconds   seconds    calls  ( s|ms|us|ns)/call"
                 r"  \1/call  name    ", lines[4])
if not m:
    fail(4, "not the heading")
for n in range(5, len(lines)):
    line = lines[n]
    if len(line) < 55:
        fail(n, "row too short")
    pct, cum, self_s = line[0:6], line[7:16], line[17:25]
    calls, per, total = line[26:34], line[35:43], line[44:52]
    if line[6] != " " or line[16] != " " or line[25] != " " \
            or line[52:54] != "  ":
        fail(n, "columns out of place")
    for field in (pct, cum, self_s):
        if not re.fullmatch(NUM, field):
            fail(n, "not a number in a time column")
    name = line[54:]
    if calls.strip():
        if not re.fullmatch(r" *\d+", calls) or not re.fullmatch(NUM, per) \
                or not re.fullmatch(NUM, total):
            fail(n, "bad calls or per-call columns")
        fields = 7
    else:
        if per.strip() or total.strip():
            fail(n, "per-call times without calls")
        fields = 4
    if len(line.split(None, fields - 1)) != fields:
        fail(n, "does not split into %d fields" % fields)
    print(name, calls.strip() or 0, self_s.strip())
