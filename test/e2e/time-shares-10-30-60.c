// Three functions doing 10%, 30% and 60% of the work (the same loop body,
// 1:3:6 iterations, interleaved) get those shares of the samples, within
// 3 points, at -O0 and at -O2; their call counts are exact.
//
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t2.out | FileCheck %s
//
// CHECK: main 1
// CHECK-NEXT: w10 200
// CHECK-NEXT: w30 200
// CHECK-NEXT: w60 200
#include "e2e_work.h"

__attribute__((noinline)) void w10(void) { SPIN(1 * UNIT); }
__attribute__((noinline)) void w30(void) { SPIN(3 * UNIT); }
__attribute__((noinline)) void w60(void) { SPIN(6 * UNIT); }

int main(void)
{
	for (int r = 0; r < 200; r++) {
		w10();
		w30();
		w60();
	}
	return 0;
}
