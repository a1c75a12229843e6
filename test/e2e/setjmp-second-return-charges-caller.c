// C: time after setjmp returns the second time (after a longjmp) goes to
// the function that called setjmp: the reset after the setjmp call runs
// on both returns.
//
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out setter=90 jumper=10 --tol 3
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out setter=90 jumper=10 --tol 3
// RUN: %counts %t2.out | FileCheck %s
// CHECK: jumper 200
// CHECK-NEXT: main 1
// CHECK-NEXT: setter 1
#include <setjmp.h>
#include "e2e_work.h"

static jmp_buf env;

__attribute__((noinline)) void jumper(void)
{
	SPIN(UNIT);
	longjmp(env, 1);
}

__attribute__((noinline)) void setter(void)
{
	for (volatile int r = 0; r < 200; r++) {
		if (setjmp(env) == 0)
			jumper();
		else
			SPIN(9 * UNIT);
	}
}

int main(void)
{
	setter();
	return 0;
}
