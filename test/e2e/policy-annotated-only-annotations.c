// policy=annotated: only the annotations are cost centres, a
// CCPROF_SCC scope ("hot", 3 units a round) and a CCPROF_CC function
// ("named", 1 unit); everything else, main's own 1 unit included, is
// "(unprofiled)": 60%, 20% and 20%, within 3 points.  The annotations'
// entries are counted; no function is listed.
//
// RUN: %cc -O0 -falign-loops=32 %pluginopt-policy=annotated %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 24
// RUN: %shares %t0.out --truth %t0.truth hot=60 named=20 "(unprofiled)=20" --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=24
// RUN: %cc -O2 -falign-loops=32 %pluginopt-policy=annotated %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 40
// RUN: %shares %t2.out --truth %t2.truth hot=60 named=20 "(unprofiled)=20" --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=40
//
// CHECK: hot [[#ROUNDS]]
// CHECK-NEXT: named [[#ROUNDS]]
// CHECK-NOT: {{.}}
#include "ccprof.h"
#include "e2e_work.h"

__attribute__((noinline)) static void hot_part(void)
{
	WORK("hot", 2 * UNIT);
}

CCPROF_CC("named") __attribute__((noinline)) void named_fn(void)
{
	WORK("named", UNIT);
}

__attribute__((noinline)) void round_of_work(void)
{
	CCPROF_SCC("hot") {
		WORK("hot", UNIT);
		hot_part();
	}
	named_fn();
	WORK("(unprofiled)", UNIT);
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		round_of_work();
	return 0;
}
