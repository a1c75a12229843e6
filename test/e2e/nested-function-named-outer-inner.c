// REQUIRES: gcc
// A GCC nested function is named after its outer function: inner of
// outer is "outer.inner" (GCC calls it inner.0), with its exact calls and
// its share: inner does 3 units a round, outer 1: 75% and 25%, within 3
// points.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 24
// RUN: %shares %t0.out --truth %t0.truth outer.inner=75 outer=25 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=24 -D#INNER=72
//
// CHECK: main 1
// CHECK-NEXT: outer [[#ROUNDS]]
// CHECK-NEXT: outer.inner [[#INNER]]
#include "e2e_work.h"

__attribute__((noinline)) void outer(void)
{
	__attribute__((noinline)) void inner(void)
	{
		WORK("outer.inner", UNIT);
	}
	WORK("outer", UNIT);
	for (int i = 0; i < 3; i++)
		inner();
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		outer();
	return 0;
}
