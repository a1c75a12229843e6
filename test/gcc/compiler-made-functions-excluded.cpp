// REQUIRES: gcc
// Functions GCC makes up with no counterpart in the source -- static
// initialisers (__static_initialization_and_destruction_0,
// _GLOBAL__sub_I_*), atexit cleanups (__tcf_N), thread_local wrappers and
// initialisers (_ZTW*, __tls_init) -- get no cost centre, like the
// ones clang makes under other names: their time goes to whoever runs
// them, and they restore `current` after the calls they make.  So do
// functions marked no_profile_instrument_function.
//
// RUN: %gxx -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o %t.s | FileCheck %s
// RUN: FileCheck %s --check-prefix=TABLE < %t.s

int f(int);
struct O {
	~O();
};

int g = f(1);
thread_local int tl = f(2);
O arr[2];

int use()
{
	return tl + g;
}

__attribute__((no_profile_instrument_function)) int np(int x)
{
	return f(x) + 1;
}

// CHECK-LABEL: ;; Function _ZTW2tl
// CHECK-NOT:     __ccprof_cnt
// CHECK:         [[S:_[0-9]+]] ={v} __ccprof_current;
// CHECK:         __ccprof_current ={v} [[S]];
// CHECK-LABEL: ;; Function use
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-LABEL: ;; Function np
// CHECK-NOT:     __ccprof_cnt
// CHECK:         [[S:_[0-9]+]] ={v} __ccprof_current;
// CHECK:         __ccprof_current ={v} [[S]];
// CHECK-LABEL: ;; Function __tcf_0
// CHECK-NOT:     __ccprof_cnt
// CHECK-LABEL: ;; Function __static_initialization_and_destruction_0
// CHECK-NOT:     __ccprof_cnt
// CHECK:         [[S:_[0-9]+]] ={v} __ccprof_current;
// CHECK:         {{_[0-9]+}} = f (1);
// CHECK-NEXT:    __ccprof_current ={v} [[S]];
// CHECK-LABEL: ;; Function __tls_init
// CHECK-NOT:     __ccprof_cnt
// CHECK-LABEL: ;; Function _GLOBAL__sub_I_
// CHECK-NOT:     __ccprof_cnt

// TABLE:       __ccprof_ccs:
// TABLE-NEXT:    .quad __ccprof_cnt._Z3usev
// TABLE:       __ccprof_module:
// TABLE-NEXT:    .long 8
// TABLE-NEXT:    .long 1
