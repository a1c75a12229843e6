// REQUIRES: gcc
// count=off and current=off (for measuring what each part costs, as in
// Appel's section 5) leave out the call counting, or every `current`
// store including an excluded function's save and restore.  The cost
// centres and the table stay, and the options are recorded in it.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-count=off -fplugin-arg-ccprof-exclude=ex -O0 -fdump-tree-optimized=stdout -S %s -o %t.count.s | FileCheck %s --check-prefix=NOCOUNT
// RUN: FileCheck %s --check-prefix=NOCOUNT-TABLE < %t.count.s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=off -fplugin-arg-ccprof-exclude=ex -O0 -fdump-tree-optimized=stdout -S %s -o %t.current.s | FileCheck %s --check-prefix=NOCURRENT
// RUN: FileCheck %s --check-prefix=NOCURRENT-TABLE < %t.current.s

int g(int);

int f(int x)
{
	return g(x) + 1;
}

int ex(int x)
{
	return g(x) * 2;
}

// NOCOUNT-LABEL: int f (int x)
// NOCOUNT-NOT:     __ccprof_tcalls
// NOCOUNT:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// NOCOUNT-NEXT:    {{_[0-9]+}} = g (x_{{[0-9]+}}(D));
// NOCOUNT-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// NOCOUNT-LABEL: int ex (int x)
// NOCOUNT:         [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// NOCOUNT:         __ccprof_current ={v} [[SAVED]];
// NOCOUNT-TABLE:   __ccprof_ccs:
// NOCOUNT-TABLE-NEXT: .quad __ccprof_cnt.f
// NOCOUNT-TABLE:   .string "counters=thread count=off exclude=ex"

// NOCURRENT-LABEL: int f (int x)
// NOCURRENT:         __ccprof_tcalls[0] = {{_[0-9]+}};
// NOCURRENT-NOT:     __ccprof_current
// NOCURRENT:         return
// NOCURRENT-LABEL: int ex (int x)
// NOCURRENT-NOT:     __ccprof
// NOCURRENT:         return
// NOCURRENT-TABLE:   __ccprof_ccs:
// NOCURRENT-TABLE-NEXT: .quad __ccprof_cnt.f
// NOCURRENT-TABLE:   .string "counters=thread current=off exclude=ex"
