// REQUIRES: gcc
// After a call that returns and is not a tail call, the caller points
// `current` back at its own counters (Appel's caller-reset): direct and
// indirect calls alike, whether or not the result is used.
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

int g(int);
extern int (*fp)(int);

int f(int x)
{
	int a = g(x);
	g(a);
	return fp(a) + 1;
}

// CHECK-LABEL: int f (int x)
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    a_{{[0-9]+}} = g (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    g (a_{{[0-9]+}});
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    [[FP:fp\.[0-9_]+]] = fp;
// CHECK-NEXT:    {{_[0-9]+}} = [[FP]] (a_{{[0-9]+}});
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         return
