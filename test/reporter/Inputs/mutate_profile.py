#!/usr/bin/env python3
"""mutate_profile.py - feed ccprof-report every truncation or every
single-bit flip of a valid profile, and check each outcome against an
independent reader of docs/format.md written here in Python.

    mutate_profile.py --report BIN --work DIR (--truncate | --bitflip) FILE

For each mutated file M, ccprof-report --db DB M runs against a database
that already holds one run (DB is a copy of a pristine database), and:

  - if the Python reader rejects M at line L: the exit status is 1,
    stdout is empty, stderr is exactly "ccprof-report: M:L: WHAT\\n",
    and DB is byte for byte what it was (no journal left behind);
  - if it accepts M (a flipped digit or letter can leave a valid
    profile): the exit status is 0, stderr is empty (or only the
    low-rate warning, a flipped digit of samples or CPU time), and the flat
    profile of the new run (run 2) is printed;
  - in both cases the output has no control byte but LF, and is valid
    UTF-8 (what a terminal gets); the process is never killed by a
    signal and finishes within 20 s.

Prints one summary line, plus one line per failure (at most 20); exits 1
if anything failed.  Under a sanitizer build (the binary contains
__asan_init) each process is slower, so --bitflip tries every 4th
(byte, bit) pair there: still every bit position, and every byte offset
through the cycle of 4.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import threading

INT64_MAX = (1 << 63) - 1
LINE_MAX = 1 << 20
MAX_SECONDS_DIGITS = 15

# keyword: (fields, rank, once) - docs/format.md, in order.
KINDS = {
    b"ccprof": (1, 0, True), b"program": (1, 1, True),
    b"argv": (2, 2, False), b"pid": (1, 3, True),
    b"processes": (1, 4, True), b"start": (1, 5, True),
    b"wall": (1, 6, True), b"user": (1, 7, True), b"sys": (1, 8, True),
    b"hz": (1, 9, True), b"ticks": (1, 10, True), b"samples": (1, 11, True),
    b"clock": (1, 12, True), b"events": (1, 13, True),
    b"status": (1, 14, True),
    b"module": (4, 15, False), b"cc": (8, 15, False),
    b"metric": (3, 15, False), b"unprofiled": (1, 16, True),
    b"unprofiled_metric": (2, 17, False), b"end": (2, 18, True),
}
# The kinds of cost centre, the last field of a cc record from version 4
# on (before, a cc has one field fewer).
KINDS_OF_CC = (b"function", b"anonymous", b"scc", b"module")
# The version each once-only record appeared in (the others: 1).
SINCE = {b"samples": 2, b"clock": 3, b"processes": 4, b"events": 5}
# The events of CCPROF_EVENTS (version 5's events record) and each
# metric's event (docs/format.md, "metric").
EVENTS = (b"alloc", b"io", b"faults", b"cswitch", b"migrations", b"wall",
          b"cycles", b"instructions", b"cache-misses", b"branch-misses")
METRIC_EVENT = {
    b"alloc_calls": b"alloc", b"alloc_bytes": b"alloc",
    b"free_calls": b"alloc", b"read_calls": b"io", b"read_bytes": b"io",
    b"write_calls": b"io", b"write_bytes": b"io", b"faults": b"faults",
    b"cswitches": b"cswitch", b"migrations": b"migrations",
    b"wall_ticks": b"wall", b"cycles": b"cycles",
    b"instructions": b"instructions", b"cache_misses": b"cache-misses",
    b"branch_misses": b"branch-misses",
}
CLOCKS = (b"cpu-perf", b"cpu-timer", b"cpu-mixed", b"wall", b"mixed", b"off")
DECIMAL = re.compile(rb"([0-9]+)(\.[0-9]+)?\Z")
HEX = b"0123456789abcdef"


class Bad(Exception):
    pass


def integer(field):
    if not field or not all(0x30 <= c <= 0x39 for c in field):
        raise Bad("bad number")
    value = int(field)
    if value > INT64_MAX:
        raise Bad("out of range")
    return value


def decimal(field):
    m = DECIMAL.match(field)
    if not m or len(m.group(1)) > MAX_SECONDS_DIGITS:
        raise Bad("bad decimal")


def string(field):
    i = 0
    while i < len(field):
        if field[i] == 0x5c:  # backslash
            nxt = field[i + 1:i + 2]
            if nxt in (b"\\", b"t", b"n", b"r"):
                i += 2
                continue
            hx = field[i + 2:i + 4]
            if (nxt == b"x" and len(hx) == 2 and all(c in HEX for c in hx)
                    and hx != b"00"):
                i += 4
                continue
            raise Bad("bad escape")
        i += 1


class Reader:
    """The rules of docs/format.md and docs/reporter.md ("what is
    rejected"), checked line by line; raises Bad at the first bad line."""

    def __init__(self):
        self.seen = set()
        self.last_rank = -1
        self.argc = 0
        self.modules = set()
        self.ccs = set()
        self.sum_calls = self.sum_ticks = 0
        self.version = 1
        self.ticks = None
        self.events = set()
        self.prev_kw = None
        self.last_cc = None
        self.cc_metrics = {}
        self.unprofiled_metrics = {}
        self.sum_metrics = {}

    def record(self, lineno, line):
        if not line:
            raise Bad("empty line")
        fields = line.split(b"\t")
        kw, args = fields[0], fields[1:]
        if lineno == 1 and kw != b"ccprof":
            raise Bad("not a profile")
        if kw not in KINDS:
            raise Bad("unknown keyword")
        n, rank, once = KINDS[kw]
        if kw == b"cc" and self.version < 4:
            n -= 1
        if len(args) != n:
            raise Bad("field count")
        if any(c < 0x20 or c == 0x7f for a in args for c in a):
            raise Bad("control byte")
        if once and kw in self.seen:
            raise Bad("duplicate record")
        if rank < self.last_rank:
            raise Bad("out of order")
        self.seen.add(kw)
        self.last_rank = rank
        getattr(self, "r_" + kw.decode())(args)
        self.prev_kw = kw
        return kw == b"end"

    def r_ccprof(self, a):
        if a[0] not in (b"1", b"2", b"3", b"4", b"5"):
            raise Bad("version")
        self.version = int(a[0])

    def r_samples(self, a):
        if self.version < 2:
            raise Bad("samples before version 2")
        if integer(a[0]) > self.ticks:
            raise Bad("more samples than ticks")

    def r_clock(self, a):
        if self.version < 3:
            raise Bad("clock before version 3")
        if a[0] not in CLOCKS:
            raise Bad("unknown clock")

    def r_processes(self, a):
        if self.version < 4:
            raise Bad("processes before version 4")
        if integer(a[0]) == 0:
            raise Bad("no processes")

    def r_events(self, a):
        if self.version < 5:
            raise Bad("events before version 5")
        # Names joined by ','; a last ',' ends the list.
        names = a[0].split(b",")
        if names and names[-1] == b"" and len(names) > 1:
            names.pop()
        for name in names:
            if name == b"" and a[0] == b"":
                break
            if name not in EVENTS:
                raise Bad("unknown event")
            self.events.add(name)

    def metric(self, name, value, slots):
        if name not in METRIC_EVENT:
            raise Bad("unknown metric")
        if b"events" not in self.seen or \
                METRIC_EVENT[name] not in self.events:
            raise Bad("metric of an event not listed")
        if slots.get(name, 0):
            raise Bad("duplicate metric")
        v = integer(value)
        if v > INT64_MAX - self.sum_metrics.get(name, 0):
            raise Bad("metric sums overflow")
        self.sum_metrics[name] = self.sum_metrics.get(name, 0) + v
        slots[name] = v

    def r_metric(self, a):
        cid = integer(a[0])
        if self.prev_kw not in (b"cc", b"metric") or self.last_cc is None:
            raise Bad("metric not after its cc")
        if cid != self.last_cc:
            raise Bad("metric of another cc")
        self.metric(a[1], a[2], self.cc_metrics)

    def r_unprofiled_metric(self, a):
        self.metric(a[0], a[1], self.unprofiled_metrics)

    def r_ticks(self, a):
        self.ticks = integer(a[0])

    def r_program(self, a):
        string(a[0])

    def r_argv(self, a):
        if integer(a[0]) != self.argc:
            raise Bad("argv index")
        string(a[1])
        self.argc += 1

    def r_pid(self, a):
        integer(a[0])
    r_hz = r_pid

    def r_start(self, a):
        decimal(a[0])
    r_wall = r_user = r_sys = r_start

    def r_status(self, a):
        if a[0] not in (b"complete", b"incomplete"):
            raise Bad("status")

    def r_module(self, a):
        mid = integer(a[0])
        if mid in self.modules:
            raise Bad("duplicate module")
        self.modules.add(mid)
        for s in a[1:]:
            string(s)

    def r_cc(self, a):
        cid, module, calls, ticks, _line = (integer(x) for x in a[:5])
        if cid in self.ccs:
            raise Bad("duplicate cc")
        self.ccs.add(cid)
        self.sum_calls += calls
        self.sum_ticks += ticks
        if self.sum_calls > INT64_MAX or self.sum_ticks > INT64_MAX:
            raise Bad("sums overflow")
        if self.sum_ticks > self.ticks:
            raise Bad("ticks above the total")
        if module not in self.modules:
            raise Bad("unknown module")
        string(a[5])
        string(a[6])
        if self.version >= 4 and a[7] not in KINDS_OF_CC:
            raise Bad("unknown kind")
        self.last_cc = cid
        self.cc_metrics = {}

    def r_unprofiled(self, a):
        self.sum_ticks += integer(a[0])
        if self.sum_ticks > INT64_MAX:
            raise Bad("sums overflow")
        if self.sum_ticks > self.ticks:
            raise Bad("ticks above the total")

    def r_end(self, a):
        n_modules, n_ccs = integer(a[0]), integer(a[1])
        once = [k for k, (_, _, o) in KINDS.items()
                if o and k != b"end" and SINCE.get(k, 1) <= self.version]
        if any(k not in self.seen for k in once):
            raise Bad("missing record")
        if n_modules != len(self.modules) or n_ccs != len(self.ccs):
            raise Bad("end counts")
        for ids in (self.modules, self.ccs):
            if ids and max(ids) >= len(ids):
                raise Bad("ids not dense")


def expected_error_line(data):
    """None if DATA is a valid profile, else the line to blame."""
    reader = Reader()
    pos, lineno = 0, 0
    while True:
        if pos == len(data):
            return 1 if lineno == 0 else lineno  # empty / missing end
        lineno += 1
        nl = data.find(b"\n", pos)
        if nl < 0 or nl - pos > LINE_MAX:
            return lineno  # no newline, or too long
        line, pos = data[pos:nl], nl + 1
        try:
            if reader.record(lineno, line):
                break
        except Bad:
            return lineno
    return lineno + 1 if pos < len(data) else None


def low_rate_warning(err):
    """Whether ERR is only the flat profile's warning that run 2 was
    sampled below the requested rate (docs/reporter.md): a flipped digit
    of the samples, the CPU time or hz can make a valid profile of one."""
    return (err.startswith(b"ccprof-report: warning: run 2 was sampled at ")
            and err.count(b"\n") == 1 and err.endswith(b"\n"))


def terminal_safe(b):
    try:
        text = b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any((ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f
                   for c in text)


class Checker:
    def __init__(self, report, work, pristine):
        self.report, self.work, self.pristine = report, work, pristine
        self.pristine_bytes = open(pristine, "rb").read()
        self.local = threading.local()
        self.counter = 0
        self.lock = threading.Lock()

    def slot(self):
        """Per worker thread: its directory and whether its db is dirty."""
        if not hasattr(self.local, "dir"):
            with self.lock:
                self.counter += 1
                d = os.path.join(self.work, "w%d" % self.counter)
            os.makedirs(d, exist_ok=True)
            self.local.dir = d
            self.local.dirty = True
        return self.local

    def check(self, what, data):
        s = self.slot()
        db = os.path.join(s.dir, "ccprof.db")
        if s.dirty:
            shutil.copyfile(self.pristine, db)
            s.dirty = False
        path = os.path.join(s.dir, "m.out")
        with open(path, "wb") as f:
            f.write(data)
        try:
            p = subprocess.run([self.report, "--db", db, path],
                               capture_output=True, timeout=20)
        except subprocess.TimeoutExpired:
            s.dirty = True
            return "%s: timed out" % what
        line = expected_error_line(data)
        problems = []
        if p.returncode < 0:
            problems.append("killed by signal %d" % -p.returncode)
        for name, out in (("stdout", p.stdout), ("stderr", p.stderr)):
            if not terminal_safe(out):
                problems.append("control byte or bad UTF-8 on " + name)
        if line is None:
            s.dirty = True
            if p.returncode != 0 or (p.stderr and not low_rate_warning(
                    p.stderr)):
                problems.append("valid file not accepted (exit %d)"
                                % p.returncode)
            if not p.stdout.startswith(b"run 2: "):
                problems.append("no flat profile of run 2")
        else:
            prefix = ("ccprof-report: %s:%d: " % (path, line)).encode()
            if p.returncode != 1:
                problems.append("exit %d, not 1" % p.returncode)
            if p.stdout:
                problems.append("output on stdout")
            if (not p.stderr.startswith(prefix)
                    or p.stderr.count(b"\n") != 1
                    or not p.stderr.endswith(b"\n")
                    or len(p.stderr) == len(prefix) + 1):
                problems.append("expected one diagnostic at line %d" % line)
            if (open(db, "rb").read() != self.pristine_bytes
                    or os.path.exists(db + "-journal")):
                s.dirty = True
                problems.append("database changed")
        if problems:
            return "%s: %s; stderr: %r" % (what, ", ".join(problems),
                                           p.stderr[:200])
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", required=True)
    ap.add_argument("--work", required=True)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--truncate", action="store_true")
    mode.add_argument("--bitflip", action="store_true")
    ap.add_argument("--seed-profile", required=True,
                    help="a valid profile imported first (run 1)")
    ap.add_argument("profile")
    args = ap.parse_args()

    data = open(args.profile, "rb").read()
    if expected_error_line(data) is not None:
        sys.exit("mutate_profile: %s is not valid to begin with" % args.profile)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    pristine = os.path.join(args.work, "pristine.db")
    subprocess.run([args.report, "--db", pristine, args.seed_profile],
                   check=True, stdout=subprocess.DEVNULL)
    sanitized = b"__asan_init" in open(args.report, "rb").read()

    if args.truncate:
        # Every proper prefix, from the empty file to all but the last LF.
        cases = [("cut at %d" % n, data[:n]) for n in range(len(data))]
    else:
        step = 4 if sanitized else 1
        cases = []
        for k in range(0, 8 * len(data), step):
            i, bit = divmod(k, 8)
            m = bytearray(data)
            m[i] ^= 1 << bit
            cases.append(("byte %d bit %d" % (i, bit), bytes(m)))

    checker = Checker(args.report, args.work, pristine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda c: checker.check(*c), cases))
    failures = [r for r in results if r]
    valid = sum(1 for _, m in cases if expected_error_line(m) is None)
    print("%s: %d mutations (%d invalid, %d still valid), %d failures"
          % (os.path.basename(args.profile), len(cases), len(cases) - valid,
             valid, len(failures)))
    for f in failures[:20]:
        print("FAIL " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
