// 32 processes writing the same CCPROF_OUT (no %p) at the same moment
// leave whole profiles, never a truncated or interleaved one: each
// writes "<path>.tmp.<pid>" and renames it over the path, having first
// linked a profile another of them wrote there to "<path>.<its pid>"
// (system-child-profile-kept.c); no temporary file is left, and every
// file is a profile of one process, named by its own pid (a CI run once
// found "same.out.13783" holding process 13791's profile: the link was
// checked by inode only, and a temporary file had taken the inode number
// of the profile the writer had read, freed by another writer's rename).  The profiles are large (20000
// argv lines, several write(2) calls each) and the processes all exit at
// the same instant, so writes in place would overlap.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && args=$(seq 100000 120000) && at=$(( $(date +%%s%%3N) + 1500 )) && \
// RUN: for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; do \
// RUN:   env CCPROF_OUT=%t.d/same.out %t $at $args & \
// RUN: done; wait
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS-NOT: tmp
// LS: same.out
// LS-NOT: tmp
// RUN: %report --db %t.d/check.db %t.d/same.out* > /dev/null
// RUN: %counts %t.d/same.out | FileCheck %s
// RUN: for f in %t.d/same.out.*; do %counts $f | grep -c '^step 2000$'; done | awk '$0 != 1' | count 0
// RUN: for f in %t.d/same.out.*; do grep "^pid" $f | cut -f2 | sed "s|^|$f |"; done | awk '{ n = split($1, a, "."); if (a[n] != $2) print "misnamed", $0 }' | count 0
// CHECK: main 1
// CHECK: step 2000

#include <stdlib.h>
#include <time.h>

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;
	long long at = argc > 1 ? atoll(argv[1]) : 0;
	struct timespec now;

	for (int i = 0; i < 2000; i++)
		sum += step(i);
	/* Exit at the given wall-clock millisecond, all together. */
	do {
		robust_sleep_ms(1);
		clock_gettime(CLOCK_REALTIME, &now);
	} while (now.tv_sec * 1000LL + now.tv_nsec / 1000000 < at);
	return 0;
}
