#!/usr/bin/env python3
"""where.py - where ccprof's extra instructions go, instruction by
instruction: one run of the plain and of the ccprof build of a program
under valgrind's callgrind (--dump-instr=yes), each executed instruction
of the program's own object classified from its disassembly (objdump):

  count        addq $1, %fs:...            the call count (counters=thread)
  store        mov ..., %fs:...            `current` stores (and, where a
                                           compiler keeps a count in a
                                           register, the count's store)
  lea          lea ...(%rip)               an address: what a store writes
                                           (clang's counters have no symbol
                                           to recognise them by, so every
                                           such lea; the plain build's own
                                           are subtracted with the rest)
  other        everything else             the program, plus what the
                                           instrumentation costs indirectly
                                           (spills, lost optimisations)

and the difference to the plain build's total, in percent of it.  A tool
for work on the plugins, not part of `make bench`: about two minutes per
build (Lua, scale 1).

    python3 bench/where.py [PROGRAM [COMPILER]]     # default: lua gcc
"""
import collections
import os
import re
import subprocess
import sys

import build
import programs
from runners import run_step_under, scratch_dir

SIZES = {"BENCH_LUA_SCALE": "1", "BENCH_SQLITE_SIZE": "10", "BENCH_BZIP2_MB": "4"}
CATEGORIES = ["count", "store", "lea", "other"]


def self_cost(path, binary):
    """{address: instructions executed} for BINARY's own object, from a
    callgrind file written with --dump-instr=yes (self cost only: the line
    after a calls= line is the call's inclusive cost)."""
    cost = collections.Counter()
    names, mine, addr, after_call = {}, False, 0, False
    with open(path) as f:
        for line in f:
            m = re.match(r"c?ob=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("ob="):
                    mine = os.path.realpath(names.get(m.group(1), "")) == binary
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if not line or line[0] not in "0123456789+-*":
                continue
            fields = line.split()
            pos = fields[0]
            if pos.startswith("0x"):
                addr = int(pos, 16)
            elif pos[0] in "+-":
                addr += int(pos)
            if len(fields) < 3:
                continue
            if after_call:
                after_call = False
                continue
            if mine:
                cost[addr] += int(fields[2])
    return cost


def disassembly(binary):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                         check=True, capture_output=True, text=True).stdout
    dis = {}
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if m:
            dis[int(m.group(1), 16)] = m.group(2)
    return dis


def category(insn):
    if insn.startswith("add") and "%fs:" in insn:
        return "count"
    if insn.startswith("mov") and insn.split(",")[-1].startswith("%fs:"):
        return "store"
    if insn.startswith("lea") and "(%rip)" in insn:
        return "lea"
    return "other"


def breakdown(prog, binary, label):
    d = scratch_dir("where-" + label)
    out = os.path.join(d, "callgrind.out")
    total = 0
    env = dict(os.environ, CCPROF_HZ="0", CCPROF_OUT=os.path.join(d, "ccprof.out"))
    by = collections.Counter()
    dis = disassembly(binary)
    prefix = ["valgrind", "--tool=callgrind", "--dump-instr=yes",
              "--callgrind-out-file=" + out]
    for s in prog.steps(binary, d):
        r = run_step_under(prefix, s, env, d)
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        if r.returncode != 0 or not m:
            sys.exit("where: valgrind failed on %s:\n%s" % (binary, r.stderr[-1500:]))
        total += int(m.group(1).replace(",", ""))
        for addr, n in self_cost(out, os.path.realpath(binary)).items():
            by[category(dis.get(addr, ""))] += n
    by["outside the program (libc, runtime, loader)"] = total - sum(by.values())
    return total, by


def main():
    for k, v in SIZES.items():
        os.environ.setdefault(k, v)
    name = sys.argv[1] if len(sys.argv) > 1 else "lua"
    cname = sys.argv[2] if len(sys.argv) > 2 else "gcc"
    prog = programs.PROGRAMS[name]()
    prog.prepare()
    plain_total, plain = breakdown(prog, build.build_program(prog, cname, "plain"),
                                   name + "-" + cname + "-plain")
    total, by = breakdown(prog, build.build_program(prog, cname, "ccprof"),
                          name + "-" + cname + "-ccprof")
    print("%s, %s: plain %.3f G instructions, ccprof %.3f G (%+.1f%%)" % (
        prog.describe(), cname, plain_total / 1e9, total / 1e9,
        100.0 * (total - plain_total) / plain_total))
    rows = CATEGORIES + ["outside the program (libc, runtime, loader)"]
    for k in rows:
        extra = by[k] - plain[k]
        print("  %-46s %14d  %+6.1f%% of plain" % (k, by[k], 100.0 * extra / plain_total))


if __name__ == "__main__":
    main()
