// REQUIRES: gcc
// OpenMP: the outlined body of a parallel region is a function of its own
// (GCC names it par._omp_fn.0) and gets its own cost centre, since the
// plugin runs after OpenMP lowering.  GOMP_parallel is a GCC builtin, but
// one that runs the body, so the caller resets `current` after it.
//
// RUN: %gcc -fopenmp -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

void work(int);

void par(int n)
{
#pragma omp parallel
	work(n);
	work(0);
}

// CHECK-LABEL: void par (int n)
// CHECK:         __builtin_GOMP_parallel (par._omp_fn.0, {{.*}});
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.par;
// CHECK-LABEL: void par._omp_fn.0 (
// CHECK:         __ccprof_current ={v} &__ccprof_cnt.par._omp_fn.0;
// CHECK:         work (n_{{[0-9]+}});
