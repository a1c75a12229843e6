// C: time after setjmp returns the second time (after a longjmp) goes to
// the function that called setjmp: the reset after the setjmp call runs
// on both returns.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 10
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 setter=90 jumper=10 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=10
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 setter=90 jumper=10 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=16
// CHECK: jumper [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: setter 1
#include <setjmp.h>
#include "e2e_work.h"

static jmp_buf env;

__attribute__((noinline)) void jumper(void)
{
	WORK("jumper", 2 * UNIT);
	longjmp(env, 1);
}

__attribute__((noinline)) void setter(int rounds)
{
	for (volatile int r = 0; r < rounds; r++) {
		if (setjmp(env) == 0)
			jumper();
		else
			WORK("setter", 18 * UNIT);
	}
}

int main(int argc, char **argv)
{
	setter(ROUNDS(argc, argv));
	return 0;
}
