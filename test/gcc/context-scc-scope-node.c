// REQUIRES: gcc
// mode=context: entering a CCPROF_SCC scope is a transition too, from
// the enclosing part's node to the scope label's node (its own memo table
// __ccprof_tctx[i] and descriptor, i the label's index); the scope keeps
// its node in a local,
// which the function's entry sets to the function's node (a jump into
// the scope does not pass its entry), and its resets store what the
// local holds.  Every edge out of the scope stores the function's node
// again.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -I%S/../../runtime -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

#include "ccprof.h"

void g(void);

int f(int early)
{
	g();
	CCPROF_SCC("parse") {
		g();
		if (early)
			goto out;
		g();
	}
	g();
out:
	g();
	return 0;
}

// CHECK-LABEL: int f (int early)
// CHECK:         [[T0:_[0-9]+]] = __ccprof_tctx[0];
// CHECK:         [[TAB0:_[0-9]+]] = &__ccprof_tctx[0];
// CHECK-NEXT:    __asm__ __volatile__("lea -128(%%rsp), %%rsp
// CHECK-NEXT:    pushq %%rdi
// CHECK-NEXT:    pushq %%rsi
// CHECK-NEXT:    pushq %%rdx
// CHECK-NEXT:    pushq %%rcx
// CHECK-NEXT:    pushq %1
// CHECK-NEXT:    pushq %2
// CHECK-NEXT:    pushq %3
// CHECK-NEXT:    popq %%rdx
// CHECK-NEXT:    popq %%rsi
// CHECK-NEXT:    popq %%rdi
// CHECK-NEXT:    call __ccprof_ctx_enter@PLT
// CHECK-NEXT:    popq %%rcx
// CHECK-NEXT:    popq %%rdx
// CHECK-NEXT:    popq %%rsi
// CHECK-NEXT:    popq %%rdi
// CHECK-NEXT:    lea 128(%%rsp), %%rsp" : "=a" {{_[0-9]+}} : "r" {{_[0-9]+}}, "r" &__ccprof_ccs[0], "r" [[TAB0]] :
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         __ccprof_current ={v} [[N]];
// CHECK-NEXT:    [[SLOT:ccprof_scope_node\.[0-9]+]] = [[N]];
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NOT:     __ccprof_scc_begin
// Into the scope: the transition from f's node to the label's, with
// the label's memo table (cost centre 1).
// CHECK:         [[T1:_[0-9]+]] = __ccprof_tctx[1];
// CHECK:         {{_[0-9]+}} = (sizetype) [[N]];
// CHECK:         [[E:_[0-9]+]] = [[T1]] + {{_[0-9]+}};
// CHECK-NEXT:    {{_[0-9]+}} = MEM[(struct  *)[[E]] + 16B].from;
// CHECK-NEXT:    {{_[0-9]+}} = MEM[(struct  *)[[E]] + 16B].to;
// CHECK-NEXT:    {{_[0-9]+}} = {{_[0-9]+}} == [[N]];
// CHECK:         [[TAB1:_[0-9]+]] = &__ccprof_tctx[1];
// CHECK-NEXT:    __asm__ __volatile__("lea -128(%%rsp), %%rsp
// CHECK-NEXT:    pushq %%rdi
// CHECK-NEXT:    pushq %%rsi
// CHECK-NEXT:    pushq %%rdx
// CHECK-NEXT:    pushq %%rcx
// CHECK-NEXT:    pushq %1
// CHECK-NEXT:    pushq %2
// CHECK-NEXT:    pushq %3
// CHECK-NEXT:    popq %%rdx
// CHECK-NEXT:    popq %%rsi
// CHECK-NEXT:    popq %%rdi
// CHECK-NEXT:    call __ccprof_ctx_enter@PLT
// CHECK-NEXT:    popq %%rcx
// CHECK-NEXT:    popq %%rdx
// CHECK-NEXT:    popq %%rsi
// CHECK-NEXT:    popq %%rdi
// CHECK-NEXT:    lea 128(%%rsp), %%rsp" : "=a" {{_[0-9]+}} : "r" [[N]], "r" &__ccprof_ccs[1], "r" [[TAB1]] :
// CHECK:         # [[S:_[0-9]+]] = PHI <
// CHECK:         [[S]]->calls = {{_[0-9]+}};
// CHECK-NEXT:    __ccprof_current ={v} [[S]];
// CHECK-NEXT:    [[SLOT]] = [[S]];
// CHECK-NEXT:    g ();
// CHECK-NEXT:    [[L:_[0-9]+]] = [[SLOT]];
// CHECK-NEXT:    __ccprof_current ={v} [[L]];
// The goto out of the scope charges f's node again.
// CHECK:         __ccprof_current ={v} [[N]];
// CHECK-NEXT:    goto <bb
// CHECK:         g ();
// CHECK-NEXT:    [[L2:_[0-9]+]] = [[SLOT]];
// CHECK-NEXT:    __ccprof_current ={v} [[L2]];
// The end of the scope: f's node.
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK:       out:
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
