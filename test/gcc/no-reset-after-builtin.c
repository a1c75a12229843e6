// REQUIRES: gcc
// No reset after GCC builtins and internal functions that cannot call back
// into the program (string and memory functions GCC knows, atomics,
// target builtins, __builtin_expect...): nothing can have moved `current`.
// A call of an ordinary function in between does get its reset.
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

#include <string.h>

void g(void);

unsigned long f(char *d, const char *s, long *n)
{
	unsigned long len = strlen(s);
	memcpy(d, s, len);
	__atomic_fetch_add(n, 1, __ATOMIC_SEQ_CST);
	__builtin_ia32_pause();
	if (__builtin_expect(len == 0, 0))
		g();
	return len + 1;
}

// CHECK-LABEL: long unsigned int f (
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    len_{{[0-9]+}} = strlen (s_{{[0-9]+}}(D));
// CHECK-NEXT:    memcpy (d_{{[0-9]+}}(D), s_{{[0-9]+}}(D), len_{{[0-9]+}});
// CHECK-NEXT:    __atomic_fetch_add_8 (n_{{[0-9]+}}(D), 1, 5);
// CHECK-NEXT:    __builtin_ia32_pause ();
// CHECK-NOT:     __ccprof_current
// CHECK:         g ();
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NOT:     __ccprof_current
// CHECK:         return
