// A program that execs itself 3 times keeps 4 profiles: exec keeps the
// pid, so every image expands CCPROF_OUT (even with %p) to the same path;
// the first image writes it, and each later image of the process writes
// "<path>.execN" (N = 1, 2, 3), having found the earlier images' profiles
// there.  Before, each image replaced the one before: 1 profile of 4.
// Image N calls step() 10 * (N + 1) times.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.%%p %t
// RUN: ls %t.d | sed 's/[0-9][0-9]*/PID/' | FileCheck --check-prefix=FILES %s
// FILES: prof.PID{{$}}
// FILES-NEXT: prof.PID.exec1{{$}}
// FILES-NEXT: prof.PID.exec2{{$}}
// FILES-NEXT: prof.PID.exec3{{$}}
// FILES-NOT: {{.}}
// RUN: %counts $(ls %t.d/prof.* | sort | head -1) | FileCheck --check-prefix=IMAGE0 %s
// RUN: %counts %t.d/prof.*.exec1 | FileCheck --check-prefix=IMAGE1 %s
// RUN: %counts %t.d/prof.*.exec2 | FileCheck --check-prefix=IMAGE2 %s
// RUN: %counts %t.d/prof.*.exec3 | FileCheck --check-prefix=IMAGE3 %s
// IMAGE0: step 10
// IMAGE1: step 20
// IMAGE2: step 30
// IMAGE3: step 40
// RUN: cat %t.d/* | grep -c '^status.complete$' | FileCheck --check-prefix=COMPLETE %s
// COMPLETE: 4
// RUN: cat %t.d/* | grep '^pid' | sort -u | wc -l | FileCheck --check-prefix=ONEPID %s
// ONEPID: 1

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	int image = argc > 1 ? atoi(argv[1]) : 0;
	volatile int sum = 0;
	char next[16];

	for (int i = 0; i < 10 * (image + 1); i++)
		sum += step(i);
	if (image == 3)
		return 0;
	snprintf(next, sizeof next, "%d", image + 1);
	execl("/proc/self/exe", argv[0], next, (char *)NULL);
	perror("execl");
	return 1;
}
