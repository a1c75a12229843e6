#!/usr/bin/env python3
"""cross_compare.py - build one program with every compiler, run each build,
and check that all profiles have the same cost-centre names, kinds, files,
lines (when every compiler knows them) and call counts.

  cross_compare.py --cc NAME=COMMAND ... --libs FLAGS --report PATH --out DIR
                   [--opt -O2] [--flag F ...] [--pluginopt KEY=VALUE ...]
                   [--status N] [--kinds] SOURCE... [-- ARGS...]

COMMAND compiles with the ccprof plugin loaded (e.g. "gcc -fplugin=...").
Names are the display names ccprof-report stores (demangled, lambdas
renamed), read back with --sql.  --pluginopt passes a ccprof plugin option
in each compiler's own spelling (-mllvm -ccprof-KEY=VALUE for clang,
-fplugin-arg-ccprof-KEY=VALUE for gcc).  --status is the exit status every
build must end with (default 0; -6 is "killed by SIGABRT").  Prints the
agreed "name calls" lines ("name kind calls" with --kinds) sorted by name
(for FileCheck) and
exits 1, printing the differences, if any two compilers disagree."""
import argparse
import csv
import io
import os
import re
import shlex
import subprocess
import sys

p = argparse.ArgumentParser()
p.add_argument("--cc", action="append", required=True)
p.add_argument("--libs", required=True)
p.add_argument("--out", required=True)
p.add_argument("--report", required=True)
p.add_argument("--opt", default="-O2")
p.add_argument("--flag", action="append", default=[])
p.add_argument("--pluginopt", action="append", default=[])
p.add_argument("--status", type=int, default=0)
p.add_argument("--ignore", default=None,
               help="regex: cost centres whose names match are not compared")
p.add_argument("--kinds", action="store_true",
               help="print each cost centre's kind too")
p.add_argument("sources", nargs="+")
argv = sys.argv[1:]
args = []
if "--" in argv:  # the program's arguments (argparse would drop the "--")
    i = argv.index("--")
    argv, args = argv[:i], argv[i + 1:]
a = p.parse_args(argv)
sources = a.sources

os.makedirs(a.out, exist_ok=True)
results = {}
for spec in a.cc:
    name, command = spec.split("=", 1)
    exe = os.path.join(a.out, "prog-" + name)
    words = shlex.split(command)
    clang = any(w.startswith("-fpass-plugin") for w in words)
    for opt in a.pluginopt:
        words += ["-mllvm", "-ccprof-" + opt] if clang else \
                 ["-fplugin-arg-ccprof-" + opt]
    cmd = words + [a.opt, "-g"] + a.flag + sources + ["-o", exe] + \
        shlex.split(a.libs)
    subprocess.run(cmd, check=True)
    out = os.path.join(a.out, name + ".out")
    env = dict(os.environ, CCPROF_OUT=out)
    status = subprocess.run([exe] + args, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL if a.status else None
                            ).returncode
    if status != a.status:
        sys.exit("cross_compare.py: %s exited with %d, expected %d"
                 % (exe, status, a.status))
    db = os.path.join(a.out, name + ".db")
    if os.path.exists(db):
        os.remove(db)
    rows = subprocess.run(
        [a.report, "--db", db, out, "--format", "csv", "--sql",
         "SELECT name, file, line, kind, calls FROM flat WHERE id >= 0"],
        check=True, capture_output=True, text=True).stdout
    results[name] = {}
    for row in list(csv.reader(io.StringIO(rows)))[1:]:
        key = (row[0], os.path.basename(row[1]), int(row[2]), row[3])
        results[name][key] = results[name].get(key, 0) + int(row[4])

if a.ignore:
    for r in results.values():
        for key in [k for k in r if re.search(a.ignore, k[0])]:
            del r[key]
names = list(results)
base = results[names[0]]
bad = False
for other in names[1:]:
    theirs = results[other]
    for key in sorted(set(base) | set(theirs)):
        if base.get(key) != theirs.get(key):
            bad = True
            print("DIFFER %s: %s=%s %s=%s" % ("%s (%s:%d) %s" % key, names[0],
                  base.get(key), other, theirs.get(key)), file=sys.stderr)
for (cc_name, _, _, kind), calls in sorted(base.items()):
    if calls:
        print(("%s %s %d" % (cc_name, kind, calls)) if a.kinds
              else "%s %d" % (cc_name, calls))
sys.exit(1 if bad else 0)
