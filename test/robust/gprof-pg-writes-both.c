// A program built with -pg (gprof: its start-up code takes SIGPROF and
// ITIMER_PROF before any constructor runs) writes both profiles: gprof's
// gmon.out and ccprof's, which is sampled (ccprof does not use SIGPROF)
// and has exact counts.  gprof's own samples are right too: its handler
// sees the program's PC, never one inside libccprof's handler (when both
// signals were pending at once, SIGPROF used to be delivered on top of
// ccprof's frame, and gprof said "no time accumulated"), so the hot
// function gets at least 90% of gprof's time, as without ccprof.
//
// RUN: %cc -pg -O1 -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=prof.out %t
// RUN: test -s %t.d/gmon.out
// RUN: FileCheck --check-prefix=FILE %s < %t.d/prof.out
// FILE: hz{{[[:space:]]}}1000
// FILE-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}
// RUN: %counts %t.d/prof.out | FileCheck %s
// CHECK: hot 1
// CHECK: main 1
// CHECK: step 3
// RUN: gprof -b -p %t %t.d/gmon.out > %t.gprof
// RUN: %python %S/Inputs/gprof_share.py %t.gprof hot 90
// The CPU-time timer fallback is driven by the scheduler tick, as
// ITIMER_PROF is: there both signals are pending together at every tick.
// RUN: cd %t.d && env CCPROF_OUT=prof.out CCPROF_CLOCK=cpu-timer %t
// RUN: gprof -b -p %t %t.d/gmon.out > %t.gprof-timer
// RUN: %python %S/Inputs/gprof_share.py %t.gprof-timer hot 90

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

__attribute__((noinline)) void hot(void)
{
	robust_burn_cpu_ms(400);
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 3; i++)
		sum += step(i);
	hot();
	return 0;
}
