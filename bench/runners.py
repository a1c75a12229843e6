"""runners.py - how to run a built program in each variant and measure
its CPU time: one function per variant that returns a callable (no
arguments, returns user+sys CPU seconds of one whole run).

  plain / finstr   the program as is
  pg               in a scratch directory (it writes gmon.out there)
  ccprof           CCPROF_OUT in the scratch directory; CCPROF_HZ if given
  perf             perf record -e cpu-clock -F 1000 -g -o SCRATCH/perf.data
                   -- program; perf's own CPU time counts (it is part of
                   the cost of profiling with perf)
"""
import os
import shutil
import subprocess

from common import OUT, log, run_steps

PERF = ["perf", "record", "-q", "-e", "cpu-clock", "-F", "1000", "-g"]


def scratch_dir(label):
    d = os.path.join(OUT, "scratch", label)
    os.makedirs(d, exist_ok=True)
    return d


def run_step_under(prefix, step, env, cwd):
    """Run one step of a program (its argv, stdin and stdout files) under
    PREFIX (e.g. valgrind and its options); stderr is captured."""
    fin = open(step.stdin, "rb") if step.stdin else subprocess.DEVNULL
    fout = open(step.stdout, "wb") if step.stdout else subprocess.DEVNULL
    try:
        return subprocess.run(prefix + step.argv, env=env, cwd=cwd, stdin=fin,
                              stdout=fout, stderr=subprocess.PIPE, text=True)
    finally:
        if step.stdin:
            fin.close()
        if step.stdout:
            fout.close()


def ensure_perf():
    if shutil.which("perf"):
        return True
    log("runners: installing linux-perf")
    subprocess.run(["apt-get", "install", "-y", "-q", "linux-perf"],
                   stdout=subprocess.DEVNULL)
    return shutil.which("perf") is not None


def runner(prog, binary, variant, label, hz=None):
    """A callable that runs `prog` (a programs.* object) built as `binary`
    once, in `variant`'s way, and returns its CPU seconds."""
    d = scratch_dir(label)
    steps = prog.steps(binary, d)
    env = dict(os.environ)
    env.pop("CCPROF_HZ", None)
    env.pop("CCPROF_OUT", None)
    if variant == "ccprof":
        env["CCPROF_OUT"] = os.path.join(d, "ccprof.out")
        if hz is not None:
            env["CCPROF_HZ"] = str(hz)
    if variant == "perf":
        def wrap(i, argv):
            return PERF + ["-o", os.path.join(d, "perf-%d.data" % i), "--"] + argv
        return lambda: run_steps(steps, env=env, cwd=d, wrap=wrap)
    return lambda: run_steps(steps, env=env, cwd=d)
