#!/usr/bin/env python3
"""strace_io.py TRACE PATH... - the read and write system calls strace
(-y, which shows each descriptor's path: read(3</tmp/x>, ...)) saw on
each PATH, for FileCheck: "read PATH CALLS BYTES" and "write PATH CALLS
BYTES" per PATH in the order given, bytes being the positive results.
read covers read, pread64, readv, preadv; write the same for writing."""
import re
import sys

trace, paths = sys.argv[1], sys.argv[2:]
counts = {(k, p): [0, 0] for p in paths for k in ("read", "write")}
call = re.compile(r'^(?:\d+ +)?(p?read|p?write)(?:v|64|v2)?\(\d+<([^>]*)>.*\)'
                  r' += (-?\d+)')
for line in open(trace):
    m = call.match(line)
    if not m:
        continue
    kind = "read" if "read" in m.group(1) else "write"
    c = counts.get((kind, m.group(2)))
    if c is not None:
        c[0] += 1
        c[1] += max(0, int(m.group(3)))
for p in paths:
    for k in ("read", "write"):
        print("%s %s %d %d" % (k, p, counts[(k, p)][0], counts[(k, p)][1]))
