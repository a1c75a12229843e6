#!/usr/bin/env python3
"""contexts.py - the calling contexts of a ccprof.out (format 6, `ctx`
records) for tests, read directly from the file (not through
ccprof-report).

  contexts.py paths PROFILE [--ticks] [--min-calls N] [--metric NAME]
      one line per context, "main;a;c CALLS" (or "... CALLS TICKS", or
      "... CALLS VALUE" of its ctx_metric NAME, 0 if none), sorted by path
  contexts.py flat PROFILE
      "name calls" per cost centre summed over its contexts, as
      counts.py prints a flat profile (cost centres with no calls left out)
  contexts.py check PROFILE
      checks the tree: ids from 1, parents first, no cost centre twice on
      a path, each cc record's calls and ticks equal to the sums over its
      contexts (a cost centre of a flat-mode unit: its record counts what
      it did in flat mode, so at least the sums); prints "contexts N ok"
      or the first fault (exit 1)
  contexts.py balance PROFILE PATH PATH... --tol POINTS
      inclusive ticks of each PATH (the context and everything under it);
      fails unless each has an equal share of their sum within POINTS
  contexts.py count PROFILE
      the number of contexts
"""
import sys
import ccprof_profile as profile


def read(path):
    header, ccs, _ = profile.read(path)
    ctxs = {}
    order = []
    modules = {}
    cc_module = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "module":
                modules[int(fields[1])] = fields[3]
            elif fields[0] == "cc":
                cc_module.append(int(fields[2]))
            elif fields[0] == "ctx":
                i, parent, cc, calls, ticks = map(int, fields[1:6])
                ctxs[i] = {"id": i, "parent": parent, "cc": cc,
                           "calls": calls, "ticks": ticks, "metrics": {}}
                order.append(i)
            elif fields[0] == "ctx_metric":
                ctxs[int(fields[1])]["metrics"][fields[2]] = int(fields[3])
    for cc, m in zip(ccs, cc_module):
        cc["context_mode"] = "mode=context" in modules.get(m, "").split()
    return header, ccs, ctxs, order


def path_of(ctxs, ccs, i):
    names = []
    while i:
        names.append(ccs[ctxs[i]["cc"]]["name"])
        i = ctxs[i]["parent"]
    return ";".join(reversed(names))


def fail(msg):
    print("contexts.py: " + msg)
    sys.exit(1)


def main():
    cmd, prof = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    header, ccs, ctxs, order = read(prof)
    if cmd == "paths":
        min_calls = 0
        if "--min-calls" in rest:
            min_calls = int(rest[rest.index("--min-calls") + 1])
        lines = []
        for i in order:
            c = ctxs[i]
            if c["calls"] < min_calls:
                continue
            line = "%s %d" % (path_of(ctxs, ccs, i), c["calls"])
            if "--ticks" in rest:
                line += " %d" % c["ticks"]
            if "--metric" in rest:
                name = rest[rest.index("--metric") + 1]
                line += " %d" % c["metrics"].get(name, 0)
            lines.append(line)
        for line in sorted(lines):
            print(line)
    elif cmd == "flat":
        calls = {}
        for c in ctxs.values():
            name = ccs[c["cc"]]["name"]
            calls[name] = calls.get(name, 0) + c["calls"]
        for name in sorted(calls):
            if calls[name]:
                print("%s %d" % (name, calls[name]))
    elif cmd == "count":
        print(len(ctxs))
    elif cmd == "check":
        seen = set()
        sums = {}
        for n, i in enumerate(order, 1):
            c = ctxs[i]
            if i != n:
                fail("ctx id %d where %d was expected" % (i, n))
            if c["parent"] and c["parent"] not in seen:
                fail("ctx %d: parent %d not before it" % (i, c["parent"]))
            seen.add(i)
            on_path, p = [], i
            while p:
                if ctxs[p]["cc"] in on_path:
                    fail("ctx %d: cost centre %d twice on its path"
                         % (i, ctxs[p]["cc"]))
                on_path.append(ctxs[p]["cc"])
                p = ctxs[p]["parent"]
            s = sums.setdefault(c["cc"], [0, 0])
            s[0] += c["calls"]
            s[1] += c["ticks"]
        for k, cc in enumerate(ccs):
            s = sums.get(k, [0, 0])
            flat = not cc["context_mode"]
            if flat and cc["calls"] >= s[0] and cc["ticks"] >= s[1]:
                continue
            if (cc["calls"], cc["ticks"]) != tuple(s):
                fail("cc %d (%s): calls %d ticks %d, its contexts %d %d"
                     % (k, cc["name"], cc["calls"], cc["ticks"], s[0], s[1]))
        print("contexts %d ok" % len(ctxs))
    elif cmd == "balance":
        tol = float(rest[rest.index("--tol") + 1])
        paths = [a for a in rest if not a.startswith("--") and a != str(rest[rest.index("--tol") + 1])]
        incl = {}
        for i in order:
            p = path_of(ctxs, ccs, i)
            for want in paths:
                if p == want or p.startswith(want + ";"):
                    incl[want] = incl.get(want, 0) + ctxs[i]["ticks"]
        total = sum(incl.get(p, 0) for p in paths)
        if not total:
            fail("no ticks under " + ", ".join(paths))
        ok = True
        for p in paths:
            share = 100.0 * incl.get(p, 0) / total
            want = 100.0 / len(paths)
            good = abs(share - want) <= tol
            ok = ok and good
            print("%s %d ticks %.1f%% (want %.1f +- %.1f) %s"
                  % (p, incl.get(p, 0), share, want, tol,
                     "ok" if good else "FAIL"))
        sys.exit(0 if ok else 1)
    else:
        fail("unknown command " + cmd)


main()
