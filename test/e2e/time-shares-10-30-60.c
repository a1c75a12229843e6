// Three functions doing 10%, 30% and 60% of the work (the same loop body,
// 1:3:6 iterations, interleaved) get those shares of the samples, within
// 3 points, at -O0 and at -O2; their call counts are exact.  The truth is
// each function's measured thread CPU time (e2e_work.h: TRUTH_LAP), which
// must itself be within 10 points of 10/30/60.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 40
// RUN: %shares %t0.out --truth %t0.truth w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=40
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 64
// RUN: %shares %t2.out --truth %t2.truth w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=64
//
// CHECK: main 1
// CHECK-NEXT: w10 [[#ROUNDS]]
// CHECK-NEXT: w30 [[#ROUNDS]]
// CHECK-NEXT: w60 [[#ROUNDS]]
#include "e2e_work.h"

/* Rounds of about 50 ms (-O0) rather than 200: a slow stretch of a busy
 * machine then falls on many rounds of all three, not on one phase. */
__attribute__((noinline)) void w10(void) { SPIN(UNIT / 2); }
__attribute__((noinline)) void w30(void) { SPIN(3 * UNIT / 2); }
__attribute__((noinline)) void w60(void) { SPIN(3 * UNIT); }

int main(int argc, char **argv)
{
	TRUTH_LAP(NULL);
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		w10();
		TRUTH_LAP("w10");
		w30();
		TRUTH_LAP("w30");
		w60();
		TRUTH_LAP("w60");
	}
	return 0;
}
