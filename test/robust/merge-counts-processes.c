// A %m pool says how many processes it holds: three runs of a program
// merged into one file make "processes 3" (format 4), and ccprof-report
// says "3 processes merged" with the last run's arguments instead of
// passing them off as the whole pool's.  A plain profile of one run says
// "processes 1" and its header is the run's arguments alone.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t 1
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t 2
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t 3
// RUN: %counts %t.d/pool-*.out | FileCheck %s
// CHECK: main 3
// CHECK-NEXT: step 6000
// RUN: grep '^processes' %t.d/pool-*.out | FileCheck --check-prefix=FILE %s
// FILE: processes{{[[:space:]]}}3
// RUN: %report --db %t.d/check.db %t.d/pool-*.out | FileCheck --check-prefix=REPORT %s
// REPORT: run 1: 3 processes merged, the last {{.*}}merge-counts-processes.c.tmp 3  (cpu
//
// RUN: env CCPROF_OUT=%t.d/plain.out %t 4
// RUN: grep '^processes' %t.d/plain.out | FileCheck --check-prefix=PLAIN-FILE %s
// PLAIN-FILE: processes{{[[:space:]]}}1
// RUN: %report --db %t.d/check.db %t.d/plain.out | FileCheck --check-prefix=PLAIN %s
// PLAIN: run 2: {{[^ ]*}}merge-counts-processes.c.tmp 4  (cpu

#include <stdlib.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;
	int n = argc > 1 ? atoi(argv[1]) : 1;

	for (int i = 0; i < 1000 * n; i++)
		sum = step(sum);
	return 0;
}
