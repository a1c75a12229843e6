"""build.py - compile and link one program in one variant, with one
compiler, straight with the compiler driver (no build system), and cache
the result.  C++ units (.cc, .cpp) go through the C++ driver; a program
may put some of its units in a shared library (jq's libjq).

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


def is_cxx(unit):
    return unit.endswith((".cc", ".cpp", ".cxx"))


def _objname(unit):
    return os.path.splitext(os.path.basename(unit))[0] + ".o"


def build(name, units, cflags, libs, compiler, variant, options=(), opt="-O2",
          lib=None, cxxflags=()):
    """Builds program `name` from `units` (C or C++ files: .cc/.cpp are
    compiled with the C++ driver and cxxflags, and then linked with it);
    `lib` = (soname, units): those units go to a shared library (-fPIC)
    next to the binary, which is linked with it (rpath).  Returns the
    binary's path.  Raises BuildError."""
    comp = COMPILERS[compiler]
    vc, vl, vlibs, extra = variant_flags(comp, variant, options)
    t = tag(compiler, variant, options, opt)
    objdir = os.path.join(OUT, "obj", name, t)
    bindir = os.path.join(OUT, "bin")
    os.makedirs(objdir, exist_ok=True)
    os.makedirs(bindir, exist_ok=True)
    binary = os.path.join(bindir, "%s-%s" % (name, t))
    cxx = any(is_cxx(u) for u in list(units) + list(lib[1] if lib else []))
    driver = comp.cxx if cxx else comp.cc

    def compile_cmd(u, o, extra_flags=()):
        if is_cxx(u):
            return ([comp.cxx, opt, "-g0", "-w"] + list(cxxflags) + list(extra_flags)
                    + vc + ["-c", u, "-o", o])
        return [comp.cc, opt, "-g0", "-w"] + cflags + list(extra_flags) + vc + ["-c", u, "-o", o]

    jobs, links, libflags = [], [], []
    if lib:
        libdir = binary + ".lib"
        os.makedirs(os.path.join(objdir, "pic"), exist_ok=True)
        os.makedirs(libdir, exist_ok=True)
        so = os.path.join(libdir, lib[0])
        pic = [compile_cmd(u, os.path.join(objdir, "pic", _objname(u)), ["-fPIC"])
               for u in lib[1]]
        jobs += pic
        links.append([driver, opt, "-shared", "-Wl,-soname," + lib[0]] + vl
                     + [j[-1] for j in pic] + ["-o", so] + vlibs + libs)
        libflags = [so, "-Wl,-rpath," + libdir]
    main_jobs = [compile_cmd(u, os.path.join(objdir, _objname(u))) for u in units]
    for u in extra:  # hooks: same compiler and level, no instrumentation
        o = os.path.join(objdir, "_" + _objname(u))
        main_jobs.append([comp.cc, opt, "-c", u, "-o", o])
    jobs += main_jobs
    objs = [j[-1] for j in main_jobs]
    links.append([driver, opt] + vl + objs + ["-o", binary] + libflags + vlibs + libs)

    h = hashlib.sha256()
    h.update(repr((jobs, links, comp.version())).encode())
    for f in list(units) + list(lib[1] if lib else []) + extra + [
            comp.plugin, os.path.join(LIBDIR, "libccprof.so"),
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
    for link in links:
        r = subprocess.run(link, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise BuildError("link failed: " + " ".join(link), r.stdout)
    with open(keyfile, "w") as f:
        f.write(key + "\n")
    return binary


def build_program(prog, compiler, variant, options=(), opt="-O2"):
    """build() for a prepared programs.* object."""
    return build(prog.name, prog.units(), prog.cflags, prog.libs, compiler,
                 variant, options, opt, lib=getattr(prog, "lib", lambda: None)(),
                 cxxflags=getattr(prog, "cxxflags", ()))
