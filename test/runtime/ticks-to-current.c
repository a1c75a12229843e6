// Each tick goes to the record __ccprof_current points to: a busy cost
// centre gets (nearly) all of them, an idle one none.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %shares %t.out busy=100 idle=0 --tol 10 --min-ticks 20
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:cc	0	0	2	{{[0-9]+}}	10	idle	ticks-to-current.c	function
// CHECK-NEXT:cc	1	0	1	{{[1-9][0-9]*}}	20	busy	ticks-to-current.c	function

#include "ccprof_test.h"

static struct ccprof_counters idle_cnt, busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &idle_cnt, "idle", "ticks-to-current.c", 10, 0 },
	{ &busy_cnt, "busy", "ticks-to-current.c", 20, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "", "ticks-to-current.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&idle_cnt);
	test_enter(&busy_cnt);
	test_burn_cpu_ms(200);
	test_enter(&idle_cnt);
	return 0;
}
