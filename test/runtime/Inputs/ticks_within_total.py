"""ticks_within_total.py DIR - count the profiles in DIR whose cost
centres' and unprofiled ticks add up to more than their 'ticks' total."""
import os
import sys

d = sys.argv[1]
over = 0
names = os.listdir(d)
for name in names:
    total = charged = 0
    with open(os.path.join(d, name)) as f:
        for line in f:
            a = line.rstrip("\n").split("\t")
            if a[0] == "ticks":
                total = int(a[1])
            elif a[0] == "cc":
                charged += int(a[4])
            elif a[0] == "unprofiled":
                charged += int(a[1])
    over += charged > total
print("%d profiles, %d with more ticks in the records than the total"
      % (len(names), over))
