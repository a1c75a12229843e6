// REQUIRES: gcc
// The names of bodies GCC makes, as the LLVM pass gives them too: a
// nested function inner of outer is "outer.inner" (GCC: inner.N), an
// OpenMP region's body "outer.omp@LINE" (GCC: outer._omp_fn.N), LINE the
// directive's.  The counters keep the linkage names.
//
// RUN: %gcc -fopenmp -fplugin=%gcc_plugin -O0 -S %s -o - | FileCheck %s
// CHECK-DAG: .string "outer.inner"
// CHECK-DAG: .string "outer.omp@20"
// CHECK-DAG: __ccprof_cnt.inner.0
// CHECK-DAG: __ccprof_cnt.outer._omp_fn.0
// CHECK-NOT: .string "inner.0"

void work(int);

int outer(int n)
{
	int inner(int k) { work(k); return k + n; }
	int s = inner(1);
#pragma omp parallel
	work(n);
	return s;
}
