// REQUIRES: gcc
// On entry a profiled function counts the call (load, add 1, store into
// its own counters) and points `current` at its counters with a volatile
// store, before anything else it does.  The counters are a static,
// zero-initialised 32-byte object named after the function.
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int f(int x)
{
	return x + 1;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[N:_[0-9]+]] = __ccprof_cnt.f.calls;
// CHECK-NEXT:    [[N1:_[0-9]+]] = [[N]] + 1;
// CHECK-NEXT:    __ccprof_cnt.f.calls = [[N1]];
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) + 1;

// At -O2 both survive; __ccprof_current is the runtime's initial-exec
// thread-local pointer.
// ASM-LABEL: f:
// ASM-DAG:     movq __ccprof_current@gottpoff(%rip), [[R:%r[a-z0-9]+]]
// ASM-DAG:     leaq __ccprof_cnt.f(%rip), [[C:%r[a-z0-9]+]]
// ASM-DAG:     addq $1, __ccprof_cnt.f(%rip)
// ASM:         movq [[C]], %fs:{{0?}}([[R]])
// ASM:         ret
// ASM:         .local __ccprof_cnt.f
// ASM-NEXT:    .comm __ccprof_cnt.f,32,32
