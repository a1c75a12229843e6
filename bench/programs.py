"""programs.py - the three real programs of the overhead benchmarks, built
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


PROGRAMS = {"lua": Lua, "sqlite": Sqlite, "bzip2": Bzip2}
ORDER = ["lua", "sqlite", "bzip2"]


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

