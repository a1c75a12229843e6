# test/lit.cfg.py - the lit configuration for all of ccprof's tests.
#
# One suite, run once per compiler configuration (--param cc=clang14,
# clang22 or gcc; ctest runs each).  Substitutions:
#   %cc / %cxx       compiler under test WITH the ccprof plugin loaded
#   %plain_cc/_cxx   the same compiler without the plugin
#   %bare_cc/_cxx    the same compiler alone, no flags (for ccprof-cc)
#   %pluginopt-      prefix of a plugin option: -mllvm -ccprof- (clang)
#                    or -fplugin-arg-ccprof- (gcc); e.g. %pluginopt-exclude=c
#   %libs            link flags for libccprof (shared, with rpath)
#   %libdir          the build's lib directory (libccprof.so, libccprof.a)
#   %report          ccprof-report
#   %opt             opt with the pass plugin loaded (clang configs)
#   %llc             that LLVM's llc (clang configs)
#   %llvm_plugin, %gcc_plugin, %gcc, %gxx   paths and plain compilers
#   %shares          test/tools/shares.py (checks time shares in a profile)
#   %counts          test/tools/counts.py (prints "name calls" lines)
#   %strace_io       test/tools/strace_io.py (strace's read/write per file)
#   %contexts        test/tools/contexts.py (a profile's ctx records: paths
#                    with calls, the flat profile they add up to, checks)
#   %ctxflags        the compiler's form of the plugin option mode=context
#   %metrics         test/tools/metrics.py (prints and checks CCPROF_EVENTS
#                    metrics: "name metric value" lines)
#   %build_root      the CMake build directory
#   %cross_c/_cxx    test/tools/cross_compare.py with every built compiler
# RUN lines run in /bin/sh (external shell), so $(...) works.
# Features: clang, llvm14/llvm22, gcc, context-mode (the plugin has
# mode=context), built-<config> for each configured
# compiler, primary (the first configuration, which alone runs the
# compiler-independent runtime and reporter tests), chromium (the browser
# the --html tests use), go and callgrind_annotate (readers of
# --format pprof and callgrind), hw-counters or no-hw-counters (the machine's
# perf hardware events).
import os
import lit.formats

cc_name = lit_config.params.get("cc", config.ccprof_primary)
if cc_name not in config.ccprof_configs:
    lit_config.fatal("unknown --param cc=%s (configured: %s)"
                     % (cc_name, ", ".join(config.ccprof_configs)))

config.name = "ccprof-" + cc_name
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "lit.site.cfg.py.in"]
lit_config.parallelism_groups["timing"] = 1
config.test_source_root = os.path.join(config.ccprof_src_root, "test")
config.test_exec_root = os.path.join(config.ccprof_build_root, "test", cc_name)

src = config.ccprof_src_root
build = config.ccprof_build_root
libdir = os.path.join(build, "lib")
runtime_inc = os.path.join(src, "runtime")
gcc_plugin = os.path.join(libdir, "ccprof", "gcc", "ccprof.so")

path = [config.ccprof_filecheck_dir, os.path.join(build, "bin"),
        config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
for var in ("CCPROF_OUT", "CCPROF_HZ", "CCPROF_SIGNAL", "CCPROF_CLOCK",
            "CCPROF_EVENTS",
            "CCPROF_DUMP_SIGNAL",
            "CCPROF_DUMP_INTERVAL"):
    config.environment.pop(var, None)

if cc_name.startswith("clang"):
    major = cc_name[len("clang"):]
    bindir = "/usr/lib/llvm-%s/bin" % major
    plugin = os.path.join(libdir, "ccprof", "llvm" + major, "ccprof.so")
    plain_cc = os.path.join(bindir, "clang")
    plain_cxx = os.path.join(bindir, "clang++")
    load = "-fplugin=%s -fpass-plugin=%s" % (plugin, plugin)
    pluginopt = "-mllvm -ccprof-"
    config.available_features.update(["clang", "llvm" + major])
    config.substitutions.append(
        ("%opt", "%s -load=%s -load-pass-plugin=%s"
         % (os.path.join(bindir, "opt"), plugin, plugin)))
    config.substitutions.append(("%llc", os.path.join(bindir, "llc")))
    config.substitutions.append(("%llvm_plugin", plugin))
else:
    plugin = gcc_plugin
    plain_cc, plain_cxx = "gcc", "g++"
    load = "-fplugin=%s" % plugin
    pluginopt = "-fplugin-arg-ccprof-"
    config.available_features.add("gcc")

# context-mode: the compiler's plugin has mode=context (issue 17; every
# plugin has it now); %ctxflags is its option.
config.available_features.add("context-mode")
config.substitutions.append(("%ctxflags", pluginopt + "mode=context"))

# built-clang14, built-clang22, built-gcc: the plugins this build has.
for name in config.ccprof_configs:
    config.available_features.add("built-" + name)

if cc_name == config.ccprof_primary:
    config.available_features.add("primary")

# Debian's chromium, headless, for the --html page (test/reporter/html-*).
import shutil
if shutil.which("chromium"):
    config.available_features.add("chromium")
    config.substitutions.append(
        ("%chromium", "chromium --headless --no-sandbox --disable-gpu "
         "--disable-background-networking --disable-component-update "
         "--disable-sync --no-first-run"))

# strace, where it can trace (a container may forbid ptrace): the io
# meter's counts are checked against it (test/e2e/io-stdio-*).
import subprocess
if shutil.which("strace") and subprocess.run(
        ["strace", "-qq", "-o", os.devnull, "true"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("strace")

# Readers of the reporter's context formats (test/reporter/context-*):
# go (Debian golang-go: go tool pprof) and callgrind_annotate (valgrind).
if shutil.which("go"):
    config.available_features.add("go")
if shutil.which("callgrind_annotate"):
    config.available_features.add("callgrind_annotate")


def has_hardware_counters():
    """Can this process open a perf cycles counter on itself (x86-64)?"""
    import ctypes
    import struct
    libc = ctypes.CDLL(None, use_errno=True)
    # struct perf_event_attr: type HARDWARE (0), size, config CPU_CYCLES
    # (0), sample_period, sample_type, read_format, then the flags:
    # disabled, exclude_kernel, exclude_hv.
    attr = struct.pack("=IIQQQQQ", 0, 112, 0, 0, 0, 0,
                       1 | 1 << 5 | 1 << 6) + bytes(112 - 48)
    buf = ctypes.create_string_buffer(attr, len(attr))
    fd = libc.syscall(298, buf, 0, -1, -1, 0)   # SYS_perf_event_open
    if fd < 0:
        return False
    os.close(fd)
    return True


config.available_features.add(
    "hw-counters" if has_hardware_counters() else "no-hw-counters")

inc = "-I" + runtime_inc

# Sanitizer builds (build-asan/, --param sanitize=address,undefined):
# programs are compiled with the sanitizers libccprof was built with, so
# that the ASan runtime is loaded first.  Feature: sanitizer.
sanitize = lit_config.params.get("sanitize", "")
if sanitize:
    inc += " -fsanitize=%s -fno-sanitize-recover=all" % sanitize
    config.available_features.add("sanitizer")

# Every built compiler with its plugin, for cross-compiler tests (which
# run in the primary configuration only and REQUIRE cross).
cross_c, cross_cxx = [], []
for name in config.ccprof_configs:
    if name.startswith("clang"):
        m = name[len("clang"):]
        pl = os.path.join(libdir, "ccprof", "llvm" + m, "ccprof.so")
        flags = "-fplugin=%s -fpass-plugin=%s -I%s" % (pl, pl, runtime_inc)
        cross_c.append("%s=/usr/lib/llvm-%s/bin/clang %s" % (name, m, flags))
        cross_cxx.append("%s=/usr/lib/llvm-%s/bin/clang++ %s" % (name, m, flags))
    else:
        flags = "-fplugin=%s -I%s" % (gcc_plugin, runtime_inc)
        cross_c.append("gcc=gcc " + flags)
        cross_cxx.append("gcc=g++ " + flags)
if len(config.ccprof_configs) > 1:
    config.available_features.add("cross")
tools = os.path.join(src, "test", "tools")
report = os.path.join(build, "bin", "ccprof-report")
py = config.ccprof_python
# Longest names first: lit substitutes in list order.
config.substitutions[0:0] = [
    ("%pluginopt-", pluginopt + ""),
    ("%plain_cxx", "%s %s" % (plain_cxx, inc)),
    ("%plain_cc", "%s %s" % (plain_cc, inc)),
    ("%gcc_plugin", gcc_plugin),
    ("%cxx", "%s %s %s" % (plain_cxx, load, inc)),
    ("%cc", "%s %s %s" % (plain_cc, load, inc)),
    ("%bare_cxx", plain_cxx),
    ("%bare_cc", plain_cc),
    ("%gxx", "g++"),
    ("%gcc", "gcc"),
    ("%libs", "-L%s -Wl,-rpath,%s -lccprof" % (libdir, libdir)),
    ("%libdir", libdir),
    ("%report", report),
    ("%build_root", build),
    ("%shares", "%s %s" % (py, os.path.join(tools, "shares.py"))),
    ("%counts", "%s %s" % (py, os.path.join(tools, "counts.py"))),
    ("%strace_io", "%s %s" % (py, os.path.join(tools, "strace_io.py"))),
    ("%contexts", "%s %s" % (py, os.path.join(tools, "contexts.py"))),
    ("%metrics", "%s %s" % (py, os.path.join(tools, "metrics.py"))),
    ("%cross_cxx", "%s %s --report %s --libs '-L%s -Wl,-rpath,%s -lccprof' %s"
     % (py, os.path.join(tools, "cross_compare.py"), report, libdir, libdir,
        " ".join("--cc '%s'" % c for c in cross_cxx))),
    ("%cross_c", "%s %s --report %s --libs '-L%s -Wl,-rpath,%s -lccprof' %s"
     % (py, os.path.join(tools, "cross_compare.py"), report, libdir, libdir,
        " ".join("--cc '%s'" % c for c in cross_c))),
    ("%python", py),
]
