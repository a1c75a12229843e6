// A C++ exception thrown out of a CCPROF_SCC scope and caught in the
// function charges the function again after the catch; one caught
// inside the scope leaves the scope charged.  Half the work is in the
// scopes, half after them: 50% each, within 3 points.  Entries exact.
// About 600 samples a run: at half the rounds (about 315) one run of a
// fresh-clone CI on a busy AMD EPYC guest gave 53.65% for 49.94%; idle,
// six runs were within 1 point.
//
// RUN: %cxx -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 32
// RUN: %shares %t0.out --truth %t0.truth in=50 "catcher()=50" --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=32 -D#TWICE=64
// RUN: %cxx -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 52
// RUN: %shares %t2.out --truth %t2.truth in=50 "catcher()=50" --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=52 -D#TWICE=104
//
// CHECK: catcher() [[#ROUNDS]]
// CHECK-NEXT: in [[#TWICE]]
// CHECK-NEXT: main 1
// CHECK-NEXT: thrower() [[#TWICE]]
#include "ccprof.h"
#include "e2e_work.h"

__attribute__((noinline)) void thrower()
{
	throw 1;
}

__attribute__((noinline)) void catcher()
{
	try {
		CCPROF_SCC("in") {
			WORK("in", UNIT);
			thrower();
		}
	} catch (int) {
	}
	WORK("catcher()", UNIT);		/* after a throw out of the scope */
	CCPROF_SCC("in") {
		try {
			thrower();
		} catch (int) {
		}
		WORK("in", UNIT);	/* after a catch in the scope */
	}
	WORK("catcher()", UNIT);
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++)
		catcher();
	return 0;
}
