"""gprof_share.py FLAT NAME MIN - check gprof's flat profile (gprof -b -p)
gives NAME at least MIN percent of the time; print what it gives."""
import sys

path, name, least = sys.argv[1], sys.argv[2], float(sys.argv[3])
text = open(path).read()
if "no time accumulated" in text:
    sys.exit("%s: gprof says no time accumulated" % path)
share = None
for line in text.splitlines():
    f = line.split()
    if len(f) >= 4 and f[-1] == name:
        try:
            share = float(f[0])
        except ValueError:
            pass
if share is None:
    sys.exit("%s: no row for %s in:\n%s" % (path, name, text))
print("%s: %.2f%% of gprof's time" % (name, share))
if share < least:
    sys.exit("%s has %.2f%% of gprof's time, less than %g%%:\n%s"
             % (name, share, least, text))
