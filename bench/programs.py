"""programs.py - the real programs of the overhead benchmarks, built
from Debian source packages: where their sources are, which files to
compile with which flags, and the commands of one timed run.

  lua       lua5.4: the interpreter (src/*.c but luac.c) running
            bench/programs/calls.lua (fib, table.sort with a Lua
            comparator, string.format/gsub)
  sqlite    sqlite3: test/speedtest1.c + the amalgamation sqlite3.c (made
            once with the package's ./configure && make sqlite3.c),
            speedtest1 --memdb --size N
  bzip2     bzip2: its 8 .c files; compress (-9) then decompress a
            deterministic text file from bench/gendata.py
  jq        jq: libjq.so (src/*.c but main.c, -fPIC) and jq (main.c)
            linked with it, running a filter over a generated JSON array
            (C; a billion calls of tiny accessors)
  ninja     ninja-build: its POSIX .cc files (C++), `ninja -n` on a
            generated build.ninja of about 200,000 edges

Each program object has prepare() (fetch and generate what is missing,
once, into the cache), units() (the .c files, largest first), cflags,
libs, and steps(binary, scratch) (the Steps of one run).
"""
import os
import subprocess

from common import CACHE, HERE, QUICK, Step, log


def fetch(package):
    """The unpacked source tree of a Debian source package (cached)."""
    out = subprocess.run(["sh", os.path.join(HERE, "fetch-sources.sh"), package],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


class Lua:
    name = "lua"
    package = "lua5.4"
    label = "Lua 5.4 (calls.lua)"
    libs = ["-lm"]

    def __init__(self):
        self.scale = int(os.environ.get("BENCH_LUA_SCALE", "1" if QUICK else "2"))
        self.script = os.path.join(HERE, "programs", "calls.lua")

    def prepare(self):
        self.tree = fetch(self.package)
        # Debian's luaconf.h includes a header its build generates.
        self.incdir = os.path.join(CACHE, "gen", "lua5.4")
        os.makedirs(self.incdir, exist_ok=True)
        h = os.path.join(self.incdir, "lua5.4-deb-multiarch.h")
        if not os.path.exists(h):
            with open(h, "w") as f:
                f.write('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
        self.cflags = ["-I" + self.incdir, "-DLUA_USE_POSIX"]

    def units(self):
        src = os.path.join(self.tree, "src")
        return sorted(os.path.join(src, f) for f in os.listdir(src)
                      if f.endswith(".c") and f != "luac.c")

    def steps(self, binary, scratch):
        return [Step([binary, self.script, str(self.scale)])]

    def describe(self):
        return "lua5.4 %s, calls.lua %d" % (os.path.basename(self.tree), self.scale)


class Sqlite:
    name = "sqlite"
    package = "sqlite3"
    label = "SQLite speedtest1"
    libs = ["-lm"]
    cflags = ["-DSQLITE_THREADSAFE=0", "-DSQLITE_OMIT_LOAD_EXTENSION"]

    def __init__(self):
        self.size = int(os.environ.get("BENCH_SQLITE_SIZE", "20" if QUICK else "30"))

    def prepare(self):
        self.tree = fetch(self.package)
        self.amalg = amalgamation(self.tree)
        self.cflags = Sqlite.cflags + ["-I" + os.path.dirname(self.amalg)]

    def units(self):
        return [self.amalg, os.path.join(self.tree, "test", "speedtest1.c")]

    def steps(self, binary, scratch):
        return [Step([binary, "--memdb", "--size", str(self.size)])]

    def describe(self):
        return "sqlite3 %s, speedtest1 --memdb --size %d" % (
            os.path.basename(self.tree), self.size)


def amalgamation(tree):
    """sqlite3.c for the unpacked sqlite3 source tree: made once (configure
    and make sqlite3.c, needs tclsh) into the cache."""
    d = os.path.join(CACHE, "gen", "sqlite3-" + os.path.basename(tree))
    c = os.path.join(d, "sqlite3.c")
    if os.path.exists(c):
        return c
    if subprocess.run(["sh", "-c", "command -v tclsh"], stdout=subprocess.DEVNULL).returncode:
        log("programs: installing tcl (to make the SQLite amalgamation)")
        subprocess.run(["apt-get", "install", "-y", "-q", "tcl"], check=True)
    log("programs: making the SQLite amalgamation in %s" % d)
    os.makedirs(d, exist_ok=True)
    subprocess.run([os.path.join(tree, "configure"), "--disable-tcl"], cwd=d,
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["make", "sqlite3.c"], cwd=d, check=True, stdout=subprocess.DEVNULL)
    return c


class Bzip2:
    name = "bzip2"
    package = "bzip2"
    label = "bzip2 -9 compress + decompress"
    libs = []
    cflags = ["-D_FILE_OFFSET_BITS=64"]
    files = ["blocksort.c", "huffman.c", "crctable.c", "randtable.c",
             "compress.c", "decompress.c", "bzlib.c", "bzip2.c"]

    def __init__(self):
        self.mb = int(os.environ.get("BENCH_BZIP2_MB", "4" if QUICK else "10"))

    def prepare(self):
        self.tree = fetch(self.package)
        self.data = os.path.join(CACHE, "gen", "text-%dMB.txt" % self.mb)
        if not os.path.exists(self.data):
            os.makedirs(os.path.dirname(self.data), exist_ok=True)
            log("programs: generating %s" % self.data)
            subprocess.run(["python3", os.path.join(HERE, "gendata.py"),
                            str(self.mb), self.data + ".tmp"], check=True)
            os.rename(self.data + ".tmp", self.data)

    def units(self):
        return [os.path.join(self.tree, f) for f in self.files]

    def steps(self, binary, scratch):
        z = os.path.join(scratch, "data.bz2")
        return [Step([binary, "-9", "-c", self.data], stdout=z),
                Step([binary, "-d", "-c", z])]

    def describe(self):
        return "bzip2 %s, %d MB of text" % (os.path.basename(self.tree), self.mb)


class Jq:
    """jq 1.6 with its library libjq.so (as Debian ships them), running a
    filter over a generated JSON array: parsing, path access and object
    construction, about 10^9 calls of jv accessors (jv_get_kind, ...)."""
    name = "jq"
    package = "jq"
    label = "jq + libjq.so (filter over generated JSON)"
    libs = ["-lm"]
    lib_files = ["builtin.c", "bytecode.c", "compile.c", "execute.c",
                 "jq_test.c", "jv.c", "jv_alloc.c", "jv_aux.c", "jv_dtoa.c",
                 "jv_file.c", "jv_parse.c", "jv_print.c", "jv_unicode.c",
                 "linker.c", "locfile.c", "util.c", "lexer.c", "parser.c"]
    # What jq's ./configure finds on glibc (no oniguruma: no regex builtins).
    defines = ["-D_GNU_SOURCE", "-DHAVE_ALLOCA_H", "-DHAVE_FREXP", "-DHAVE_MODF",
               "-DHAVE_LGAMMA_R", "-DHAVE_TIMEGM", "-DHAVE_TM_TM_GMT_OFF",
               "-DHAVE_STRPTIME", "-DHAVE_GMTIME_R", "-DHAVE_LOCALTIME_R",
               "-DHAVE_STRFTIME", "-DHAVE_GETTIMEOFDAY", "-DIEEE_8087"]
    filter = ("[.[] | select(.score > 20) | {id, name, n: (.tags | length), "
              "s: (.nested.y | add), k: (.nested | keys)}] | length")

    def __init__(self):
        self.records = int(os.environ.get("BENCH_JQ_RECORDS", "100000" if QUICK else "500000"))

    def prepare(self):
        self.tree = fetch(self.package)
        gen = os.path.join(CACHE, "gen", "jq-" + os.path.basename(self.tree))
        os.makedirs(gen, exist_ok=True)
        src = os.path.join(self.tree, "src")
        # What jq's Makefile generates: version.h and builtin.inc.
        os.makedirs(os.path.join(gen, "src"), exist_ok=True)
        with open(os.path.join(gen, "src", "version.h"), "w") as f:
            f.write('#define JQ_VERSION "%s"\n' % os.path.basename(self.tree)[3:])
        os.makedirs(os.path.join(gen, "src"), exist_ok=True)
        with open(os.path.join(src, "builtin.jq")) as f, \
                open(os.path.join(gen, "src", "builtin.inc"), "w") as out:
            for line in f.read().splitlines():
                out.write('"%s\\n"\n' % line.replace("\\", "\\\\").replace('"', '\\"'))
        self.cflags = ["-I" + gen, "-I" + src] + self.defines
        self.data = os.path.join(CACHE, "gen", "jq-input-%d.json" % self.records)
        if not os.path.exists(self.data):
            log("programs: generating %s" % self.data)
            with open(self.data + ".tmp", "w") as f:
                f.write("[\n")
                for i in range(self.records):
                    f.write('%s{"id":%d,"name":"user%d","score":%d.5,"tags":["a","b%d","c"],'
                            '"nested":{"x":%d,"y":[1,2,%d],"z":{"deep":true}}}\n'
                            % ("," if i else "", i, i, (i * 7919) % 100, i % 10, i, i % 13))
                f.write("]\n")
            os.rename(self.data + ".tmp", self.data)

    def units(self):
        return [os.path.join(self.tree, "src", "main.c")]

    def lib(self):
        return ("libjq.so.1", [os.path.join(self.tree, "src", f) for f in self.lib_files])

    def steps(self, binary, scratch):
        return [Step([binary, self.filter, self.data])]

    def describe(self):
        return "jq %s with libjq.so, %d records" % (os.path.basename(self.tree), self.records)


class Ninja:
    """ninja-build, C++ (std::string, std::vector, std::map, hash maps),
    dry-running (-n) a generated build.ninja: parse, build the graph, plan
    and print every edge without running it."""
    name = "ninja"
    package = "ninja-build"
    label = "ninja -n (generated build.ninja)"
    libs = []
    cflags = []
    cxxflags = ["-DUSE_PPOLL", "-D_FILE_OFFSET_BITS=64",
                "-fno-exceptions", "-std=c++11"]
    files = ["build", "build_log", "clean", "clparser", "debug_flags",
             "depfile_parser", "deps_log", "disk_interface", "dyndep",
             "dyndep_parser", "edit_distance", "eval_env", "graph", "graphviz",
             "json", "lexer", "line_printer", "manifest_parser", "metrics",
             "missing_deps", "parser", "state", "status", "string_piece_util",
             "util", "version", "subprocess-posix", "ninja"]

    def __init__(self):
        self.n = int(os.environ.get("BENCH_NINJA_SOURCES", "50000" if QUICK else "100000"))

    def prepare(self):
        self.tree = fetch(self.package)
        self.manifest = os.path.join(CACHE, "gen", "ninja-%d" % self.n, "build.ninja")
        if not os.path.exists(self.manifest):
            os.makedirs(os.path.dirname(self.manifest), exist_ok=True)
            log("programs: generating %s" % self.manifest)
            with open(self.manifest + ".tmp", "w") as f:
                f.write("cflags = -O2 -Wall\n"
                        "rule gen\n  command = python3 gen.py $out\n  description = GEN $out\n"
                        "rule cc\n  command = cc $cflags -MD -MF $out.d -c $in -o $out\n"
                        "  depfile = $out.d\n  description = CC $out\n"
                        "rule ar\n  command = ar rcs $out $in\n")
                libs = []
                for i in range(self.n):
                    d = "mod%d" % (i // 100)
                    f.write("build gen/%s/f%d.c: gen\n" % (d, i))
                    f.write("build obj/%s/f%d.o: cc gen/%s/f%d.c\n  cflags = $cflags -DF=%d\n"
                            % (d, i, d, i, i))
                    if i % 100 == 99 or i == self.n - 1:
                        objs = " ".join("obj/%s/f%d.o" % (d, j) for j in range(i - i % 100, i + 1))
                        f.write("build lib/lib%s.a: ar %s\n" % (d, objs))
                        libs.append("lib/lib%s.a" % d)
                f.write("build all: phony %s\ndefault all\n" % " ".join(libs))
            os.rename(self.manifest + ".tmp", self.manifest)

    def units(self):
        return [os.path.join(self.tree, "src", f + ".cc") for f in self.files]

    def steps(self, binary, scratch):
        return [Step([binary, "-C", scratch, "-f", self.manifest, "-n"])]

    def describe(self):
        return "ninja-build %s, -n on %d edges" % (os.path.basename(self.tree),
                                                   2 * self.n + (self.n + 99) // 100)


PROGRAMS = {"lua": Lua, "sqlite": Sqlite, "bzip2": Bzip2, "jq": Jq, "ninja": Ninja}
ORDER = ["lua", "sqlite", "bzip2", "jq", "ninja"]


def get(name, _cache={}):
    """The prepared program object of that name (prepared once)."""
    if name not in _cache:
        p = PROGRAMS[name]()
        p.prepare()
        _cache[name] = p
    return _cache[name]


def selected():
    """Programs named in BENCH_PROGRAMS (comma-separated), or all."""
    names = os.environ.get("BENCH_PROGRAMS", "")
    return [n for n in (names.split(",") if names else ORDER) if n]

