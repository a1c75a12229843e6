"""with_load.py [--procs N] -- COMMAND ARGS...

Runs COMMAND while N CPU-bound processes (default: one per CPU) compete
with it, as on a machine busy with `make -j` or CI; kills them after.
Exits with COMMAND's status.  For the tests that check that time shares
stay right on a loaded machine."""
import argparse
import os
import signal
import subprocess
import sys

p = argparse.ArgumentParser()
p.add_argument("--procs", type=int, default=os.cpu_count() or 2)
p.add_argument("command", nargs=argparse.REMAINDER)
a = p.parse_args()
cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
if not cmd:
    sys.exit("with_load.py: no command")
burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
           for _ in range(a.procs)]
try:
    rc = subprocess.call(cmd)
finally:
    for b in burners:
        b.send_signal(signal.SIGKILL)
        b.wait()
sys.exit(rc)
