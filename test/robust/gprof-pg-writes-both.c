// A program built with -pg (gprof: its start-up code takes SIGPROF and
// ITIMER_PROF before any constructor runs) writes both profiles: gprof's
// gmon.out and ccprof's, which is sampled (ccprof does not use SIGPROF)
// and has exact counts.
//
// RUN: %cc -pg -O1 -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=prof.out %t
// RUN: test -s %t.d/gmon.out
// RUN: FileCheck --check-prefix=FILE %s < %t.d/prof.out
// FILE: hz{{[[:space:]]}}1000
// FILE-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}
// RUN: %counts %t.d/prof.out | FileCheck %s
// CHECK: main 1
// CHECK: step 3

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 3; i++)
		sum += step(i);
	robust_burn_cpu_ms(250);
	return 0;
}
