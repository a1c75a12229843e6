// REQUIRES: gcc
// counters=atomic (like -fprofile-update=atomic): the entry count is a
// relaxed atomic add, so no count is lost when threads call the same
// function; the `current` store is unchanged.  The option is recorded in
// the module table.
//
// (leaf-size=0: the function here is small enough to be a tiny leaf,
// which sets no `current`.)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-counters=atomic -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-counters=atomic -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int f(int x)
{
	return x + 1;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    __atomic_fetch_add_8 (&__ccprof_cnt.f.calls, 1, 0);
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);

// ASM-LABEL: f:
// ASM:         lock addq $1, __ccprof_cnt.f(%rip)
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
// ASM:         .string "counters=atomic leaf-size=0"
