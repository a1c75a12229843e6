// A CCPROF_SCC scope inside a function gets the time spent in it,
// including that of a callee that is no cost centre (CCPROF_UNPROFILED),
// and the function keeps the rest: 40% and 60%, within 3 points, at -O0
// and -O2.  The scope's entries are counted exactly; the unprofiled
// helper has no cost centre.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 30
// RUN: %shares %t0.out --truth %t0.truth parse=40 driver=60 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=30
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 50
// RUN: %shares %t2.out --truth %t2.truth parse=40 driver=60 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=50
//
// CHECK: driver [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: parse [[#ROUNDS]]
// CHECK-NOT: helper
#include "ccprof.h"
#include "e2e_work.h"

CCPROF_UNPROFILED __attribute__((noinline)) static void helper(void)
{
	WORK("parse", UNIT);
}

__attribute__((noinline)) void driver(void)
{
	WORK("driver", UNIT);
	CCPROF_SCC("parse") {
		WORK("parse", UNIT);
		helper();
	}
	WORK("driver", 2 * UNIT);
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		driver();
	return 0;
}
