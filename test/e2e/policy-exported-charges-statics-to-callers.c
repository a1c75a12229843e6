// policy=exported: only functions with external linkage are cost
// centres; a static helper has none, and its time goes to its exported
// caller: api1 does 1 unit and calls helper for 2, api2 does 1: 75% and
// 25%, within 3 points.  Counts exact; helper is not listed.
//
// RUN: %cc -O0 -falign-loops=32 %pluginopt-policy=exported %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 24
// RUN: %shares %t0.out --truth %t0.truth api1=75 api2=25 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=24
// RUN: %cc -O2 -falign-loops=32 %pluginopt-policy=exported %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 40
// RUN: %shares %t2.out --truth %t2.truth api1=75 api2=25 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=40
//
// CHECK: api1 [[#ROUNDS]]
// CHECK-NEXT: api2 [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NOT: helper
#include "e2e_work.h"

__attribute__((noinline)) static void helper(void)
{
	WORK("api1", 2 * UNIT);
}

__attribute__((noinline)) void api1(void)
{
	WORK("api1", UNIT);
	helper();
}

__attribute__((noinline)) void api2(void)
{
	WORK("api2", UNIT);
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		api1();
		api2();
	}
	return 0;
}
