#!/usr/bin/env python3
"""where.py - where ccprof's extra instructions go, instruction by
instruction: one run of the plain and of the ccprof build of a program
under valgrind's callgrind (--dump-instr=yes), each executed instruction
of the program's own object classified from its disassembly (objdump),
first match wins:

  count        addq $1, %fs:...            the call count (counters=thread;
                                           incq with clang 22)
  store        mov ..., %fs:...            `current` stores (and, where a
                                           compiler keeps a count in a
                                           register, the count's store)
  lea          lea ...(%rip)               an address: what a store writes
                                           (clang's counters have no symbol
                                           to recognise them by, so every
                                           such lea; the plain build's own
                                           are subtracted with the rest)
  node count   addq $1, (%reg)             context mode: a node's calls
                                           (0x0(%reg) where the base needs it;
                                           incq (%reg) with clang 22), and
                                           a kid count, addq $1, -disp(%reg):
                                           a tiny leaf's calls, counted
                                           before its caller's node
  test         test %r,%r / je             context mode: the kid slot's
                                           test (and every other such)
  rip load     mov disp(%rip), %r          a global's value, or in a shared
                                           object a GOT entry: the TLS
                                           offsets of the counters and of
                                           `current` (initial-exec)
  slot load    mov disp(%reg[,%reg,8]), %r  context mode: the kid slot's
                                           load (and every other such)
  immediate    mov $imm, %reg32            context mode: a site entry's k
  moves        mov %reg, %reg              register moves
  push/pop     push, pop                   callee-saved registers
  stack        ...(%rsp)...                spills and reloads
  other        everything else             the program

The program's own objects are its executable and, for a program built
with a shared library of its own (jq's libjq.so), that library.  Then
the difference to the plain build's total, in percent of it; the
last six are the program's own code too, so each is read as a change
from the plain build's.  Then the functions whose own instructions grew
most (a body, `f.ccprof`, and its site entries count as `f`), and the
functions with the most added register moves.

With `context` after the compiler, the flat and the context-mode builds
are both measured and compared: each class of the context build against
the flat build's, which is where context mode's own price shows (on Lua
with clang 14 it found LLVM 14 permuting registers at every dispatch of
luaV_execute, docs/benchmarks.md).  A tool for work on the plugins, not
part of `make bench`: about two minutes per build (Lua, scale 1).

    python3 bench/where.py [PROGRAM [COMPILER [context]]]   # default: lua gcc
"""
import bisect
import collections
import os
import re
import subprocess
import sys

import build
import programs
from runners import run_step_under, scratch_dir

# the inputs of instructions.py
SIZES = {"BENCH_LUA_SCALE": "1", "BENCH_SQLITE_SIZE": "10", "BENCH_BZIP2_MB": "4",
         "BENCH_JQ_RECORDS": "50000", "BENCH_NINJA_SOURCES": "20000"}
CATEGORIES = ["count", "store", "lea", "node count", "test", "rip load", "slot load",
              "immediate", "moves", "push/pop", "stack", "other"]
OUTSIDE = "outside the program (libc, runtime, loader)"
TOP = 12


def self_cost(path, objects):
    """{(object, address): instructions executed} for the OBJECTS (real
    paths), from a callgrind file written with --dump-instr=yes (self
    cost only: the line after a calls= line is the call's inclusive
    cost).  Addresses are the object's own, as objdump shows them."""
    cost = collections.Counter()
    names, mine, addr, after_call = {}, None, 0, False
    with open(path) as f:
        for line in f:
            m = re.match(r"c?ob=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("ob="):
                    o = os.path.realpath(names.get(m.group(1), ""))
                    mine = o if o in objects else None
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
                cost[(mine, addr)] += int(fields[2])
    return cost


def disassembly(binary):
    """({address: instruction}, [(start address, function)] sorted)."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                         check=True, capture_output=True, text=True).stdout
    dis, functions = {}, []
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if m:
            dis[int(m.group(1), 16)] = m.group(2)
            continue
        m = re.match(r"([0-9a-f]+) <(.*)>:$", line)
        if m:
            functions.append((int(m.group(1), 16), m.group(2)))
    functions.sort()
    return dis, functions


def source_function(name):
    """The function a symbol's code is: f for f.ccprof and its site
    entries f.ccprof.site.<digest>; f for GCC's f.part.0 and the like
    stay apart, as the compiler made them."""
    return name.split(".ccprof")[0]


# A kid count: a tiny leaf's calls counted in a word before its caller's
# node, at node - 16 - 8 * i (CTX_COUNT_OFFSET, design.md "Tiny leaves").
KID_COUNT = re.compile(r"(\$0x1,)?-0x[0-9a-f]+\(%r\w+\)$")


def category(insn):
    ops = insn.split()
    op = ops[0] if ops else ""
    args = ops[1] if len(ops) > 1 else ""
    if (op.startswith("add") or op.startswith("inc")) and "%fs:" in insn:
        return "count"
    if op.startswith("mov") and insn.split(",")[-1].startswith("%fs:"):
        return "store"
    if op.startswith("lea") and "(%rip)" in insn:
        return "lea"
    if ((re.match(r"addq?$", op) and re.match(r"\$0x1,(0x0)?\(%r\w+\)$", args))
            or (re.match(r"incq?$", op) and re.match(r"(0x0)?\(%r\w+\)$", args))
            or (re.match(r"(addq?|incq?)$", op) and KID_COUNT.match(args))):
        return "node count"
    if (op == "test" and re.match(r"%(\w+),%\1$", args)) or op == "je":
        return "test"
    if op == "mov" and re.match(r"-?0x[0-9a-f]+\(%rip\),%r\w+$", args):
        return "rip load"
    if "(%rsp)" in args or op in ("push", "pop"):
        return "push/pop" if op in ("push", "pop") else "stack"
    if op == "mov" and re.match(r"-?0x[0-9a-f]+\(%r\w+(,%r\w+,8)?\),%r\w+$", args):
        return "slot load"
    if op == "mov" and re.match(r"\$0x[0-9a-f]+,%(e\w+|r\d+d)$", args):
        return "immediate"
    if op == "mov" and re.match(r"%r\w+,%r\w+$", args):
        return "moves"
    return "other"


NODE_USES = ["stored in current", "passed to a call", "neither (tiny leaves)",
             "kid counts (tiny leaves' calls, in the caller's node)"]


def node_count_use(dis, addrs, i):
    """What follows the node count at addrs[i] (context mode), within 11
    instructions: the node stored in `current` (a function or an inlined
    body that sets it), a call or a jump to a body (the node travels as
    an argument), or neither: a tiny leaf's count, whose node is used for
    nothing else."""
    if KID_COUNT.search(dis[addrs[i]]):
        return NODE_USES[3]
    reg = re.search(r"\(%(\w+)\)$", dis[addrs[i]]).group(1)
    for a in addrs[i + 1:i + 12]:
        insn = dis[a]
        if re.match(r"mov\s+%" + reg + r",%fs:", insn):
            return NODE_USES[0]
        if insn.startswith("call") or (insn.startswith("jmp") and ".ccprof" in insn):
            return NODE_USES[1]
        if insn.startswith("ret") or category(insn) == "node count":
            break
    return NODE_USES[2]


def own_objects(prog, binary):
    """The real paths of the program's own code: BINARY, and the shared
    library built with it (build.py puts it in BINARY.lib/)."""
    objects = [os.path.realpath(binary)]
    lib = getattr(prog, "lib", lambda: None)()
    if lib:
        objects.append(os.path.realpath(os.path.join(binary + ".lib", lib[0])))
    return objects


def breakdown(prog, binary, label):
    """(total instructions, per class, per function, register moves per
    function, node counts by their use) of one run of BINARY."""
    d = scratch_dir("where-" + label)
    out = os.path.join(d, "callgrind.out")
    total = 0
    env = dict(os.environ, CCPROF_HZ="0", CCPROF_OUT=os.path.join(d, "ccprof.out"))
    by = collections.Counter()
    per_function = collections.Counter()
    moves = collections.Counter()
    node_uses = collections.Counter()
    objects = own_objects(prog, binary)
    code = {}
    for o in objects:
        dis, functions = disassembly(o)
        code[o] = (dis, [a for a, _ in functions], functions, sorted(dis))
    prefix = ["valgrind", "--tool=callgrind", "--dump-instr=yes",
              "--callgrind-out-file=" + out]
    for s in prog.steps(binary, d):
        r = run_step_under(prefix, s, env, d)
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        if r.returncode != 0 or not m:
            sys.exit("where: valgrind failed on %s:\n%s" % (binary, r.stderr[-1500:]))
        total += int(m.group(1).replace(",", ""))
        for (o, addr), n in self_cost(out, objects).items():
            dis, starts, functions, addrs = code[o]
            c = category(dis.get(addr, ""))
            by[c] += n
            i = bisect.bisect_right(starts, addr) - 1
            f = source_function(functions[i][1]) if i >= 0 else "?"
            per_function[f] += n
            if c == "moves":
                moves[f] += n
            elif c == "node count":
                node_uses[node_count_use(dis, addrs, bisect.bisect_left(addrs, addr))] += n
    by[OUTSIDE] = total - sum(by.values())
    return total, by, per_function, moves, node_uses


def tops(title, new, old):
    print(title)
    for f in sorted(set(new) | set(old), key=lambda f: old[f] - new[f])[:TOP]:
        print("  %-40s %14d -> %14d  %+14d" % (f, old[f], new[f], new[f] - old[f]))


def main():
    for k, v in SIZES.items():
        os.environ.setdefault(k, v)
    name = sys.argv[1] if len(sys.argv) > 1 else "lua"
    cname = sys.argv[2] if len(sys.argv) > 2 else "gcc"
    context = len(sys.argv) > 3 and sys.argv[3] == "context"
    if len(sys.argv) > 3 and not context:
        sys.exit("where: the third argument can only be 'context', not %r" % sys.argv[3])
    prog = programs.PROGRAMS[name]()
    prog.prepare()
    plain = breakdown(prog, build.build_program(prog, cname, "plain"),
                      name + "-" + cname + "-plain")
    flat = breakdown(prog, build.build_program(prog, cname, "ccprof"),
                     name + "-" + cname + "-ccprof")
    runs = [("plain", plain), ("flat", flat)]
    if context:
        runs.append(("context", breakdown(
            prog, build.build_program(prog, cname, "ccprof", (("mode", "context"),)),
            name + "-" + cname + "-context")))
    base = plain[0]
    print("%s, %s: %s" % (prog.describe(), cname, ", ".join(
        "%s %.3f G instructions%s" % (n, r[0] / 1e9, "" if n == "plain" else
                                      " (%+.1f%%)" % (100.0 * (r[0] - base) / base))
        for n, r in runs)))
    print("  %-46s %s" % ("class: instructions, change from plain in % of plain",
                          "".join("%26s" % n for n, _ in runs[1:])))
    for k in CATEGORIES + [OUTSIDE]:
        print("  %-46s %s" % (k, "".join(
            "%14d %+9.1f%% " % (r[1][k], 100.0 * (r[1][k] - plain[1][k]) / base)
            for _, r in runs[1:])))
    if context:
        uses = runs[-1][1][4]
        print("  node counts by what follows them: " + ", ".join(
            "%s %d (%.0f%%)" % (u, uses[u], 100.0 * uses[u] / max(1, sum(uses.values())))
            for u in NODE_USES))
    old_name, old = runs[-2]
    new_name, new = runs[-1]
    tops("functions whose own instructions grew most, %s -> %s:" % (old_name, new_name),
         new[2], old[2])
    tops("register moves, %s -> %s:" % (old_name, new_name), new[3], old[3])


if __name__ == "__main__":
    main()
