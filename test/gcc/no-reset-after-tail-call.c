// REQUIRES: gcc
// No reset after a call in tail position (Appel's tail call): the call is
// followed only by copies of its value, conversions of it, PHIs, labels
// and the return of it (or a return of nothing).  The walk follows the
// GIMPLE as it is right after SSA construction, at every -O level.
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=O2

int g(int);
void h(int);
struct big { int a[16]; };
struct big make(int);

// Through the PHI of the shared return block.
int phi(int n)
{
	if (n == 0)
		return 1;
	return g(n - 1);
}
// CHECK-LABEL: int phi (int n)
// CHECK:         {{_[0-9]+}} = g ({{_[0-9]+}});
// CHECK-NOT:     __ccprof_current
// CHECK:         return

// Through a named local and a conversion.
long widen(int n)
{
	int r = g(n);
	return r;
}
// CHECK-LABEL: long int widen (int n)
// CHECK:         r_{{[0-9]+}} = g (n_{{[0-9]+}}(D));
// CHECK-NOT:     __ccprof_current
// CHECK:         return

// A void call before a return of nothing; an aggregate returned in memory.
void vcall(int n)
{
	h(n);
}
// CHECK-LABEL: void vcall (int n)
// CHECK:         h (n_{{[0-9]+}}(D));
// CHECK-NEXT:    return;

struct big agg(int n)
{
	return make(n);
}
// CHECK-LABEL: struct big agg (int n)
// CHECK:         <retval> = make (n_{{[0-9]+}}(D));
// CHECK-NOT:     __ccprof_current
// CHECK:         return <retval>;

// Not a tail call: something is computed after it.
int notail(int n)
{
	return g(n) + 1;
}
// CHECK-LABEL: int notail (int n)
// CHECK:         {{_[0-9]+}} = g (n_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);

// Not a tail call: the function returns something else.
int other_value(int n)
{
	h(n);
	return 0;
}
// CHECK-LABEL: int other_value (int n)
// CHECK:         h (n_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);

// Not a tail call: the value is stored to memory after the call returns.
int last;
void store(int n)
{
	last = g(n);
}
// CHECK-LABEL: void store (int n)
// CHECK:         [[V:_[0-9]+]] = g (n_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    last = [[V]];

// At -O2 GCC marks the same calls as tail calls, and no reset follows.
// O2-LABEL: int phi (int n)
// O2:         {{_[0-9]+}} = g ({{_[0-9]+}}); [tail call]
// O2-LABEL: void vcall (int n)
// O2:         h (n_{{[0-9]+}}(D)); [tail call]
// O2-NEXT:    return;
