// Time spent after a C++ `catch` goes to the function that caught, not to
// the function that threw (the landing pad resets `current`).
//
// RUN: %cxx -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 10
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 'catcher(int)=90' 'thrower(int)=10' --tol 4
// RUN: %counts %t0.out | FileCheck %s -D#THROWS=60
// RUN: %cxx -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 'catcher(int)=90' 'thrower(int)=10' --tol 4
// RUN: %counts %t2.out | FileCheck %s -D#THROWS=96
// CHECK: catcher(int) 1
// CHECK-NEXT: main 1
// CHECK-NEXT: thrower(int) [[#THROWS]]
#include "e2e_work.h"

__attribute__((noinline)) void thrower(int depth)
{
	if (depth == 0) {
		WORK("thrower(int)", 2 * UNIT);
		throw depth;
	}
	thrower(depth - 1);
	e2e_sink++;
}

__attribute__((noinline)) void catcher(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		try {
			thrower(5);
		} catch (int) {
			WORK("catcher(int)", 18 * UNIT);
		}
	}
}

int main(int argc, char **argv)
{
	catcher(ROUNDS(argc, argv));
	return 0;
}
