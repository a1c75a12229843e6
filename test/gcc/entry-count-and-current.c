// REQUIRES: gcc
// On entry a profiled function counts the call and points `current` at
// its counters with a volatile store, before anything else it does.  By
// default (counters=thread) the count is a load, add 1 and store of the
// function's element of the unit's thread-local array __ccprof_tcalls
// (element 0: f is the unit's first cost centre); `current` points at
// the function's shared counters, a static, zero-initialised 32-byte
// object named after it.
//
// (leaf-size=0: the function here is small enough to be a tiny leaf,
// which sets no `current`.)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int f(int x)
{
	return x + 1;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[N:_[0-9]+]] = __ccprof_tcalls[0];
// CHECK-NEXT:    [[N1:_[0-9]+]] = [[N]] + 1;
// CHECK-NEXT:    __ccprof_tcalls[0] = [[N1]];
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) + 1;

// At -O2 both survive; __ccprof_current is a thread-local pointer, in an
// executable reached local-exec (current-local-exec-in-executable.c).
// ASM-LABEL: f:
// ASM-DAG:     addq $1, %fs:__ccprof_tcalls@tpoff
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
// ASM:         ret
// ASM:         .local __ccprof_cnt.f
// ASM-NEXT:    .comm __ccprof_cnt.f,32,32
