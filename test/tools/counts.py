#!/usr/bin/env python3
"""counts.py PROFILE [--all] [--ticks] - print "name calls" (or "name
calls ticks") per cost centre, sorted by name, for FileCheck.  Cost
centres with zero calls are left out unless --all.  Names are
demangled."""
import sys
import ccprof_profile as profile

args = [a for a in sys.argv[1:] if not a.startswith("--")]
_, ccs, _ = profile.read(args[0])
for cc in sorted(ccs, key=lambda c: (c["name"], c["file"])):
    if cc["calls"] or "--all" in sys.argv:
        if "--ticks" in sys.argv:
            print("%s %d %d" % (cc["name"], cc["calls"], cc["ticks"]))
        else:
            print("%s %d" % (cc["name"], cc["calls"]))
