"""build.py - compile and link one program in one variant, with one
compiler, straight with the compiler driver (no build system), and cache
the result.

Variants:
  plain    CC -O2
  pg       CC -O2 -pg                       (gprof)
  finstr   CC -O2 -finstrument-functions, linked with empty hooks
           (bench/programs/empty_hooks.c, compiled without instrumentation)
  ccprof   CC -O2 + the ccprof plugin (+ plugin options), linked with
           $(ccprof-config --libs)

Binaries go to $BENCH_OUT/bin/, objects to $BENCH_OUT/obj/.  A build is
redone only when its commands, its sources or the plugin/runtime files
change (a key file next to the binary records them).  Units compile in
parallel, nproc at a time.
"""
import concurrent.futures
import hashlib
import os
import subprocess

from common import COMPILERS, HERE, LIBDIR, OUT, ccprof_libs, log

HOOKS = os.path.join(HERE, "programs", "empty_hooks.c")


class BuildError(Exception):
    """A failed compile or link; .output has the compiler's messages."""

    def __init__(self, msg, output):
        Exception.__init__(self, msg)
        self.output = output

    def unknown_option(self):
        """Whether it failed because the plugin does not know an option."""
        o = self.output
        return ("Unknown command line argument" in o or "unknown option" in o
                or "nknown option" in o)


def _stamp(path):
    try:
        st = os.stat(path)
        return "%s:%d:%d" % (path, st.st_size, int(st.st_mtime_ns))
    except OSError:
        return path + ":missing"


def variant_flags(comp, variant, options):
    """(compile flags, link flags, libraries, extra sources) of a variant."""
    if variant == "plain":
        return [], [], [], []
    if variant == "pg":
        return ["-pg"], ["-pg"], [], []
    if variant == "finstr":
        return ["-finstrument-functions"], [], [], [HOOKS]
    if variant == "ccprof":
        return comp.plugin_flags(options), [], ccprof_libs(), []
    raise ValueError("unknown variant " + variant)


def tag(compiler, variant, options=(), opt="-O2"):
    t = "%s-%s" % (compiler, variant)
    if options:
        t += "-" + "-".join("%s=%s" % kv for kv in options)
    if opt != "-O2":
        t += opt
    return t


def build(name, units, cflags, libs, compiler, variant, options=(), opt="-O2"):
    """Builds program `name` from `units` (C files); returns the binary's
    path.  Raises BuildError."""
    comp = COMPILERS[compiler]
    vc, vl, vlibs, extra = variant_flags(comp, variant, options)
    t = tag(compiler, variant, options, opt)
    objdir = os.path.join(OUT, "obj", name, t)
    bindir = os.path.join(OUT, "bin")
    os.makedirs(objdir, exist_ok=True)
    os.makedirs(bindir, exist_ok=True)
    binary = os.path.join(bindir, "%s-%s" % (name, t))

    jobs = []
    for u in units:
        o = os.path.join(objdir, os.path.basename(u)[:-2] + ".o")
        jobs.append([comp.cc, opt, "-g0", "-w"] + cflags + vc + ["-c", u, "-o", o])
    for u in extra:  # hooks: same compiler and level, no instrumentation
        o = os.path.join(objdir, "_" + os.path.basename(u)[:-2] + ".o")
        jobs.append([comp.cc, opt, "-c", u, "-o", o])
    objs = [j[-1] for j in jobs]
    link = [comp.cc, opt] + vl + objs + ["-o", binary] + vlibs + libs

    h = hashlib.sha256()
    h.update(repr((jobs, link, comp.version())).encode())
    for f in list(units) + extra + [comp.plugin, os.path.join(LIBDIR, "libccprof.so"),
                                    os.path.join(LIBDIR, "libccprof.a")]:
        h.update(_stamp(f).encode())
    key = h.hexdigest()
    keyfile = binary + ".key"
    if os.path.exists(binary) and os.path.exists(keyfile):
        with open(keyfile) as f:
            if f.read().strip() == key:
                return binary

    log("build: %s %s" % (name, t))
    if os.path.exists(keyfile):
        os.unlink(keyfile)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(lambda cmd: subprocess.run(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), jobs))
    for cmd, r in zip(jobs, results):
        if r.returncode != 0:
            raise BuildError("compile failed: " + " ".join(cmd), r.stdout)
    r = subprocess.run(link, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise BuildError("link failed: " + " ".join(link), r.stdout)
    with open(keyfile, "w") as f:
        f.write(key + "\n")
    return binary


def build_program(prog, compiler, variant, options=(), opt="-O2"):
    """build() for a prepared programs.* object."""
    return build(prog.name, prog.units(), prog.cflags, prog.libs, compiler,
                 variant, options, opt)
