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
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-LABEL: void par._omp_fn.0 (
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         work (n_{{[0-9]+}});
