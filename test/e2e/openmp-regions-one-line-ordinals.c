// UNSUPPORTED: llvm22
// (Debian's clang 22 comes without an OpenMP runtime here.)
// Two OpenMP regions of one function on one line (written with _Pragma)
// are main.omp@LINE and main.omp@LINE#2, in source order, with either
// compiler (GCC's main._omp_fn.0 and .1, clang's .omp_outlined. and
// .omp_outlined..1), with and without -g: the first runs every round,
// the second every other round.
//
// RUN: %cc -g -O0 -fopenmp %s -o %t0 %libs
// RUN: env OMP_NUM_THREADS=1 CCPROF_OUT=%t0.out %t0
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -g -O2 -fopenmp %s -o %t2 %libs
// RUN: env OMP_NUM_THREADS=1 CCPROF_OUT=%t2.out %t2
// RUN: %counts %t2.out | FileCheck %s
//
// CHECK: main 1
// CHECK-NEXT: main.omp@33 6
// CHECK-NEXT: main.omp@33#2 3
// CHECK-NEXT: work 9
#include <stdio.h>

static volatile long sink;

__attribute__((noinline)) static void work(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}

int main(void)
{
	for (int r = 0; r < 6; r++) {
		_Pragma("omp parallel") { work(100); } if (r % 2) _Pragma("omp parallel") { work(200); }
	}
	return 0;
}
