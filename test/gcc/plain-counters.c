// REQUIRES: gcc
// counters=plain: the entry count is a plain load, add 1 and store into
// the function's own shared counters (no thread-local array), before the
// `current` store; the constructor calls __ccprof_register.  The option
// is recorded in the module table.
//
// (leaf-size=0: the function here is small enough to be a tiny leaf,
// which sets no `current`.)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-counters=plain -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-counters=plain -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int f(int x)
{
	return x + 1;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[N:_[0-9]+]] = __ccprof_cnt.f.calls;
// CHECK-NEXT:    [[N1:_[0-9]+]] = [[N]] + 1;
// CHECK-NEXT:    __ccprof_cnt.f.calls = [[N1]];
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) + 1;
// CHECK-NOT:     __ccprof_tcalls

// ASM-LABEL: f:
// ASM-DAG:     addq $1, __ccprof_cnt.f(%rip)
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
// ASM:         ret
// ASM:         {{call|jmp}} __ccprof_register@PLT
// ASM-NOT:     __ccprof_tcalls
// ASM:         .string "counters=plain leaf-size=0"
// ASM-NOT:     __ccprof_tcalls
