// REQUIRES: gcc
// An excluded function (exclude=GLOB on its linkage name, or
// __attribute__((no_instrument_function))) gets no cost centre and sets
// no `current` of its own, so its time goes to its caller; but it saves
// `current` on entry and restores it after every call that would get a
// reset, so a profiled callee is not charged for it once that returns.
// One that calls nothing is left alone.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude=helper*,leaf -O0 -fdump-tree-optimized=stdout -S %s -o %t.s | FileCheck %s
// RUN: FileCheck %s --check-prefix=ASM < %t.s

int work(int);

int helper_one(int x)
{
	int y = work(x);
	return y + work(y);
}
// CHECK-LABEL: int helper_one (int x)
// CHECK-NOT:     __ccprof_cnt
// CHECK:         [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// CHECK-NEXT:    y_{{[0-9]+}} = work (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __ccprof_current ={v} [[SAVED]];
// CHECK-NEXT:    {{_[0-9]+}} = work (y_{{[0-9]+}});
// CHECK-NEXT:    __ccprof_current ={v} [[SAVED]];
// CHECK-NOT:     __ccprof_cnt
// CHECK:         return

__attribute__((no_instrument_function)) int quiet(int x)
{
	if (x)
		return work(x) * 2; // no tail call: restore after it
	return work(0);             // tail call: nothing after it
}
// CHECK-LABEL: int quiet (int x)
// CHECK-NOT:     __ccprof_cnt
// CHECK:         [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// CHECK:         {{_[0-9]+}} = work (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __ccprof_current ={v} [[SAVED]];
// CHECK:         {{_[0-9]+}} = work (0);
// CHECK-NOT:     __ccprof_current
// CHECK:         return

int leaf(int x)
{
	return x * 3;
}
// CHECK-LABEL: int leaf (int x)
// CHECK-NOT:     __ccprof
// CHECK:         return

int profiled(int x)
{
	return helper_one(x) + quiet(x) + leaf(x);
}
// CHECK-LABEL: int profiled (int x)
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);

// Only the profiled function has counters and a table entry.
// ASM-NOT:     __ccprof_cnt.helper_one
// ASM-NOT:     __ccprof_cnt.quiet
// ASM-NOT:     __ccprof_cnt.leaf
// ASM:         .comm __ccprof_cnt.profiled,32,32
// ASM:         __ccprof_ccs:
// ASM-NEXT:    .quad __ccprof_cnt.profiled
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .long {{[0-9]+}}
// ASM-NEXT:    .long 0
// ASM-NEXT:    .quad 0
// ASM-NEXT:    .section
// ASM:         .string "counters=thread exclude=helper*,leaf"
