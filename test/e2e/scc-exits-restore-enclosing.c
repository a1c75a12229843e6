// Leaving a CCPROF_SCC scope by continue, break, goto, return from a
// nested loop (in a callee) and longjmp charges the enclosing cost
// centre again: the work after each exit goes to `paths` (7 units a
// round), the work inside the scopes to `in` (6 units): 46% and 54%,
// within 3 points.  Had one exit left `in` charged, `in` would be 8
// points higher.  Every entry into a scope is counted: 6 a round.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 12
// RUN: %shares %t0.out --truth %t0.truth in=46 paths=54 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=12 -D#IN=72
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 20
// RUN: %shares %t2.out --truth %t2.truth in=46 paths=54 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=20 -D#IN=120
//
// CHECK: in [[#IN]]
// CHECK-NEXT: jumper [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: paths [[#ROUNDS]]
// CHECK-NEXT: return_from_nested [[#ROUNDS]]
#include <setjmp.h>

#include "ccprof.h"
#include "e2e_work.h"

static jmp_buf env;

__attribute__((noinline)) void jumper(void)
{
	longjmp(env, 1);
}

__attribute__((noinline)) int return_from_nested(int n)
{
	CCPROF_SCC("in") {
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				if (i == n - 1 && j == n - 1) {
					WORK("in", UNIT);
					return 1;
				}
	}
	return 0;
}

__attribute__((noinline)) void paths(void)
{
	for (int k = 0; k < 3; k++) {
		WORK("paths", UNIT);	/* after a continue, twice */
		CCPROF_SCC("in") {
			WORK("in", UNIT);
			if (k < 2)
				continue;
			break;
		}
	}
	WORK("paths", UNIT);		/* after the break */
	CCPROF_SCC("in") {
		WORK("in", UNIT);
		goto done;
	}
done:
	WORK("paths", UNIT);		/* after the goto */
	return_from_nested(2);
	WORK("paths", UNIT);		/* after the return */
	if (setjmp(env) == 0) {
		CCPROF_SCC("in") {
			WORK("in", UNIT);
			jumper();
		}
	}
	WORK("paths", UNIT);		/* after the longjmp */
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		paths();
	return 0;
}
