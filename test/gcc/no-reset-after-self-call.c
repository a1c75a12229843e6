// REQUIRES: gcc
// A direct call of the function itself needs no reset: `current` already
// points at its counters when the recursive call returns.  A call of
// another function in the same place does get one.
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

int other(int);

int fib(int n)
{
	if (n < 2)
		return n;
	return fib(n - 1) + fib(n - 2) + other(n);
}

// CHECK-LABEL: int fib (int n)
// CHECK:         {{_[0-9]+}} = fib ({{_[0-9]+}});
// CHECK-NOT:     __ccprof_current
// CHECK:         {{_[0-9]+}} = fib ({{_[0-9]+}});
// CHECK-NOT:     __ccprof_current
// CHECK:         {{_[0-9]+}} = other (n_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         return
