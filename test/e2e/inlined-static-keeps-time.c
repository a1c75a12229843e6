// Small static functions that -O2 inlines into their caller keep their
// own cost centres: the same 10/30/60 shares as at -O0 (within 3 points)
// and exact call counts, because the instrumentation is inserted before
// inlining and travels with the inlined copy.  The truth is each phase's
// measured thread CPU time (e2e_work.h: TRUTH_LAP), itself within 10
// points of 10/30/60.
//
// RUN: %cc -O2 -S %s -o - | FileCheck %s --check-prefix=INLINED
// INLINED-LABEL: main:
// INLINED-NOT: call{{q?}} {{.*}}w{{[136]}}0
// INLINED: .cfi_endproc
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 16
// RUN: %shares %t0.out --truth %t0.truth w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#CALLS=800000
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#CALLS=800000
//
// CHECK: main 1
// CHECK-NEXT: w10 [[#CALLS]]
// CHECK-NEXT: w30 [[#CALLS]]
// CHECK-NEXT: w60 [[#CALLS]]

#include <stdio.h>
#include <stdlib.h>
#include "e2e_work.h"

/* A xorshift-multiply chain: not linear, so the optimiser can neither
 * fold nor vectorise it; it costs the same per step wherever inlined. */
#define STEPS(x, n)                                                   \
	for (int i_ = 0; i_ < (n); i_++)                              \
		x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9UL

static unsigned long w10(unsigned long x) { STEPS(x, 100); return x; }
static unsigned long w30(unsigned long x) { STEPS(x, 300); return x; }
static unsigned long w60(unsigned long x) { STEPS(x, 600); return x; }

/* Each phase (50000 calls of one function) lasts 6 ms or more. */
#define CALLS_PER_PHASE 50000

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	unsigned long x = (unsigned long)argc;
	TRUTH_LAP(NULL);
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < CALLS_PER_PHASE; k++)
			x = w10(x);
		TRUTH_LAP("w10");
		for (int k = 0; k < CALLS_PER_PHASE; k++)
			x = w30(x);
		TRUTH_LAP("w30");
		for (int k = 0; k < CALLS_PER_PHASE; k++)
			x = w60(x);
		TRUTH_LAP("w60");
	}
	printf("%lx\n", x);
	return 0;
}
