// REQUIRES: gcc
// mode=context: the plugin runs before early inlining, so a static
// function inlined into its caller at -O2 still makes its own
// transition, from the caller's node (what `current` holds there) to
// its own, and the caller's reset after the former call stores the
// caller's node again: inlining is invisible in the contexts too.  With
// transitions=entry; with call-site transitions, the caller makes the
// transition (context-call-site-transition.c).
//
// leaf-size=0: the functions here are tiny leaves, which store no node
// (context-tiny-leaf-counts-without-current.c).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-transitions=entry -O2 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

static int leaf(int x)
{
	return x * 7;
}

int outer(int x)
{
	return leaf(x) + 1;
}

// CHECK-NOT:   int leaf
// CHECK-LABEL: int outer (int x)
// outer (cc[1]) enters its node ...
// CHECK:         {{_[0-9]+}} = __ccprof_tctx[1];
// CHECK:         call __ccprof_ctx_enter@PLT
// CHECK-NEXT:         popq %%rcx
// CHECK-NEXT:         popq %%rdx
// CHECK-NEXT:         popq %%rsi
// CHECK-NEXT:         popq %%rdi
// CHECK-NEXT:         lea 128(%%rsp), %%rsp" : "=a" {{_[0-9]+}} : "r" {{_[0-9]+}}, "r" &__ccprof_ccs[1], "r" &__ccprof_tctx[1] :
// CHECK:         # [[OUTER:_[0-9]+]] = PHI <
// CHECK:         __ccprof_current ={v} [[OUTER]];
// ... leaf (cc[0]), inlined, moves from it to its own ...
// CHECK-NEXT:    [[P:_[0-9]+]] ={v} __ccprof_current;
// CHECK-NEXT:    {{_[0-9]+}} = __ccprof_tctx[0];
// CHECK:         call __ccprof_ctx_enter@PLT
// CHECK-NEXT:         popq %%rcx
// CHECK-NEXT:         popq %%rdx
// CHECK-NEXT:         popq %%rsi
// CHECK-NEXT:         popq %%rdi
// CHECK-NEXT:         lea 128(%%rsp), %%rsp" : "=a" {{_[0-9]+}} : "r" [[P]], "r" &__ccprof_ccs[0], "r" &__ccprof_tctx[0] :
// CHECK:         # [[LEAF:_[0-9]+]] = PHI <
// CHECK:         __ccprof_current ={v} [[LEAF]];
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) * 7;
// ... and outer's reset takes its node back.
// CHECK-NEXT:    __ccprof_current ={v} [[OUTER]];
// CHECK:         return
