// REQUIRES: clang
// A unit over -ccprof-current-limit sets `current` to the record's
// address (no inline assembly) and gets the same profile: exact calls,
// and each function's share of the time, within 3 points, including one
// that is inlined into its caller.
//
// RUN: %cc -O2 -mllvm -ccprof-current-limit=1 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %cc -O2 -falign-loops=32 -mllvm -ccprof-current-limit=1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out E2E_TRUTH=%t.truth %t 64
// RUN: %shares %t.out --truth %t.truth w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t.out | FileCheck %s -D#ROUNDS=64
//
// ASM-NOT: #APP
// ASM: __ccprof_current.tls@TPOFF
// ASM-NOT: #APP
//
// CHECK: main 1
// CHECK-NEXT: w10 [[#ROUNDS]]
// CHECK-NEXT: w30 [[#ROUNDS]]
// CHECK-NEXT: w60 [[#ROUNDS]]
#include "e2e_work.h"

__attribute__((noinline)) void w10(void) { SPIN(UNIT / 2); }
static void w30(void) { SPIN(3 * UNIT / 2); }	/* inlined into main */
__attribute__((noinline)) void w60(void) { SPIN(3 * UNIT); }

int main(int argc, char **argv)
{
	TRUTH_LAP(NULL);
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		w10();
		TRUTH_LAP("w10");
		w30();
		TRUTH_LAP("w30");
		w60();
		TRUTH_LAP("w60");
	}
	return 0;
}
