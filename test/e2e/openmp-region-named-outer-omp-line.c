// UNSUPPORTED: llvm22
// (Debian's clang 22 comes without an OpenMP runtime here.)
// An OpenMP parallel region is named after its function and the line of
// the directive, "main.omp@LINE", with either compiler (GCC outlines it
// as main._omp_fn.N, clang as .omp_outlined. and, with -g, a wrapper
// around .omp_outlined._debug__); the wrapper and the reduction function
// are no cost centres.  On one thread the region does 3 units a round,
// main 1: 75% and 25%, within 3 points.
//
// RUN: %cc -g -O0 -fopenmp -falign-loops=32 %s -o %t0 %libs
// RUN: env OMP_NUM_THREADS=1 CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 24
// RUN: %shares %t0.out --truth %t0.truth main.omp@31=75 main=25 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=24
// RUN: %cc -g -O2 -fopenmp -falign-loops=32 %s -o %t2 %libs
// RUN: env OMP_NUM_THREADS=1 CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 80
// RUN: %shares %t2.out --truth %t2.truth main.omp@31=75 main=25 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=80
//
// CHECK: main 1
// CHECK-NEXT: main.omp@31 [[#ROUNDS]]
// CHECK-NOT: omp
#include <stdio.h>

#include "e2e_work.h"

int main(int argc, char **argv)
{
	long total = 0;
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		WORK("main", UNIT);
#pragma omp parallel for reduction(+ : total)
		for (int i = 0; i < 3; i++) {
			WORK("main.omp@31", UNIT);
			total += i;
		}
	}
	printf("%ld\n", total);
	return 0;
}
