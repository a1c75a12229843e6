// REQUIRES: clang
// A block (-fblocks) is named after its outer function and its line,
// "outer.anon@LINE", as a lambda is; its copy and dispose helpers are no
// cost centres (charged to whoever runs them).  The block does 3 units a
// round, outer 1: 75% and 25%, within 3 points.
//
// RUN: %cc -g -O0 -fblocks -falign-loops=32 %s -o %t0 %libs -lBlocksRuntime
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 24
// RUN: %shares %t0.out --truth %t0.truth outer.anon@21=75 outer=25 --tol 3
// RUN: %counts %t0.out --all | FileCheck %s -D#ROUNDS=24 -D#BLOCK=72
//
// CHECK: main 1
// CHECK-NEXT: outer [[#ROUNDS]]
// CHECK-NEXT: outer.anon@21 [[#BLOCK]]
// CHECK-NOT: helper
#include "e2e_work.h"

__attribute__((noinline)) void outer(void)
{
	__block int done = 0;
	void (^block)(void) = ^{
		WORK("outer.anon@21", UNIT);
		done++;
	};
	WORK("outer", UNIT);
	for (int i = 0; i < 3; i++)
		block();
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		outer();
	return 0;
}
