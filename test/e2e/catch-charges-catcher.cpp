// Time spent after a C++ `catch` goes to the function that caught, not to
// the function that threw (the landing pad resets `current`).
//
// RUN: %cxx -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out catcher()=90 thrower(int)=10 --tol 4
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cxx -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out catcher()=90 thrower(int)=10 --tol 4
// RUN: %counts %t2.out | FileCheck %s
// CHECK: catcher() 1
// CHECK-NEXT: main 1
// CHECK-NEXT: thrower(int) 1200
#include "e2e_work.h"

__attribute__((noinline)) void thrower(int depth)
{
	if (depth == 0) {
		SPIN(UNIT / 5);
		throw depth;
	}
	thrower(depth - 1);
	e2e_sink++;
}

__attribute__((noinline)) void catcher()
{
	for (int r = 0; r < 200; r++) {
		try {
			thrower(5);
		} catch (int) {
			SPIN(9 * UNIT / 5);
		}
	}
}

int main()
{
	catcher();
	return 0;
}
