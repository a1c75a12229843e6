// C++ rethrow: time after each `catch` goes to the function that caught.
// `middle` catches what `thrower` threw five frames below, works, and
// rethrows with `throw;`; `outer` catches the rethrown exception and
// works.  Both landing pads reset `current`, so middle's work is charged
// to middle and outer's to outer, never to thrower (the thrower) or to
// middle (the rethrower).
//
// RUN: %cxx -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 10
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 'outer(int)=60' 'middle()=30' 'thrower(int)=10' --tol 4
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=10 -D#THROWS=60
// RUN: %cxx -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 'outer(int)=60' 'middle()=30' 'thrower(int)=10' --tol 4
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=16 -D#THROWS=96
// CHECK: main 1
// CHECK-NEXT: middle() [[#ROUNDS]]
// CHECK-NEXT: outer(int) 1
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

__attribute__((noinline)) void middle()
{
	try {
		thrower(5);
	} catch (int) {
		WORK("middle()", 6 * UNIT);
		throw;
	}
}

__attribute__((noinline)) void outer(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		try {
			middle();
		} catch (int) {
			WORK("outer(int)", 12 * UNIT);
		}
	}
}

int main(int argc, char **argv)
{
	outer(ROUNDS(argc, argv));
	return 0;
}
