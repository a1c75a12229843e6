// REQUIRES: gcc
// CCPROF_SCC("parse") { ... } (runtime/ccprof.h) reaches the plugin as a
// call of the marker __ccprof_scc_begin ("parse") tested against 0; the
// scope is the branch taken on 0.  Inside it the label's cost centre
// takes the place of the function's: counted and set on entry, set again
// after calls; every edge out of the scope (its end, a goto out) sets the
// function's again.  CCPROF_CC("same") on two functions gives them one
// cost centre, the label's; a CCPROF_UNPROFILED function saves `current`
// and its scope is left back to what it saved.  The labels' counters are
// shared (public, hidden, one-only), named after the label.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=address -I%S/../../runtime -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -I%S/../../runtime -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

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
// CHECK:         __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK-NOT:     __ccprof_scc_begin
// CHECK:         _{{[0-9]+}} = 0;
// Into the scope: count it, charge it.
// CHECK:         {{_[0-9]+}} = __ccprof_tcalls[1];
// CHECK:         __ccprof_tcalls[1] = {{_[0-9]+}};
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.parse;
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.parse;
// The goto out of the scope charges f again.
// CHECK:         __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK-NEXT:    goto <bb
// CHECK:         g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.parse;
// So does the end of the scope.
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK:         g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.f;
// CHECK:       out:
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_cnt.f;

CCPROF_CC("same") void a(void) { g(); }
CCPROF_CC("same") void b(void) { g(); }

// CHECK-LABEL: void a ()
// CHECK:         __ccprof_tcalls[2] = {{_[0-9]+}};
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.same;
// CHECK-LABEL: void b ()
// CHECK:         __ccprof_tcalls[2] = {{_[0-9]+}};
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.same;

CCPROF_UNPROFILED void u(void)
{
	g();
	CCPROF_SCC("io wait") { g(); }
	g();
}

// CHECK-LABEL: void u ()
// CHECK:         [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} [[SAVED]];
// CHECK:         __ccprof_current ={v} &__ccprof_scc.io_20wait;
// CHECK-NEXT:    g ();
// CHECK-NEXT:    __ccprof_current ={v} &__ccprof_scc.io_20wait;
// CHECK-NEXT:    __ccprof_current ={v} [[SAVED]];

// At -O2 the marker is gone and the counters are shared.
// ASM-NOT: __ccprof_scc_begin
// ASM-DAG: .hidden __ccprof_scc.parse
// ASM-DAG: .weak __ccprof_scc.same
// ASM-DAG: .string "io wait"
