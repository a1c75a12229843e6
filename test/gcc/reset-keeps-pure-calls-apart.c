// REQUIRES: gcc
// The reset after a call is a store to `current` for the optimisers, also
// when it is the TLS-offset asm: two calls of a pure function on either
// side of it are not merged into one, as with clang's pass, so both
// compilers count the same calls (XZ Utils' lzma_index_total_size & co.).
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

__attribute__((pure)) int p(int);

int f(int x)
{
	return p(x) + p(x);
}

// CHECK-LABEL: int f (int x)
// CHECK:         = p (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         = p (x_{{[0-9]+}}(D));
