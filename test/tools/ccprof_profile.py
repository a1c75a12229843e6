"""profile.py - read a ccprof.out (docs/format.md, versions 1 to 5) for tests.

Deliberately independent of ccprof-report, so end-to-end tests check the
runtime's output directly."""
import re
import subprocess


def unescape(s):
    return re.sub(r"\\(x[0-9a-f]{2}|.)",
                  lambda m: {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}.get(
                      m.group(1), chr(int(m.group(1)[1:], 16))
                      if m.group(1).startswith("x") else m.group(1)),
                  s)


def demangle(symbols):
    if not any(s.startswith("_Z") for s in symbols):
        return list(symbols)
    # As arguments, not on stdin, where c++filt would split a symbol at
    # a ':' (clang's namespace-scope closures, named ns8cmp::$_0 by the
    # LLVM pass); in chunks, to stay within the argument size limit.
    names = []
    for i in range(0, len(symbols), 500):
        chunk = [s if s else "-" for s in symbols[i:i + 500]]
        out = subprocess.run(["c++filt", "--"] + chunk, capture_output=True,
                             text=True, check=True).stdout
        names += [n if s else s for n, s in zip(out.splitlines(),
                                                  symbols[i:i + 500])]
    return names


def read(path):
    """Returns (header dict, list of cost centres as dicts, unprofiled).
    Each cost centre's "metrics" maps a metric record's name to its value
    (format 5); the header's "unprofiled_metric" maps those of unprofiled."""
    header, ccs, unprofiled = {"unprofiled_metric": {}}, [], 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            key = fields[0]
            if key == "cc":
                ccs.append({"calls": int(fields[3]), "ticks": int(fields[4]),
                            "line": int(fields[5]),
                            "symbol": unescape(fields[6]),
                            "file": unescape(fields[7]), "metrics": {}})
            elif key == "metric":
                ccs[-1]["metrics"][fields[2]] = int(fields[3])
            elif key == "unprofiled_metric":
                header[key][fields[1]] = int(fields[2])
            elif key == "unprofiled":
                unprofiled = int(fields[1])
            else:
                header[key] = fields[1:]
    for cc, name in zip(ccs, demangle([c["symbol"] for c in ccs])):
        cc["name"] = name
    return header, ccs, unprofiled
