// Ticks that land while no profiled code has set __ccprof_current (it is
// NULL) go to the unprofiled record, not to any cost centre.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:cc	0	0	0	0	7	never	unprofiled-ticks.c	function
// CHECK-NEXT:unprofiled	{{[1-9][0-9]*}}
// RUN: %shares %t.out never=0 --tol 0 --min-ticks 10

#include "ccprof_test.h"

static struct ccprof_counters never_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &never_cnt, "never", "unprofiled-ticks.c", 7, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "unprofiled-ticks.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_burn_cpu_ms(150);
	return 0;
}
