// CCPROF_HZ=0 turns sampling off: no timer, no ticks anywhere, hz 0; call
// counts are still written.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=0 %t 2> %t.err
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// CHECK:hz	0
// CHECK-NEXT:ticks	0
// CHECK:cc	0	0	4	0	3	busy	hz-zero-disables-sampling.c	function
// CHECK-NEXT:unprofiled	0
// ERR-NOT: ccprof

#include "ccprof_test.h"

static struct ccprof_counters busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &busy_cnt, "busy", "hz-zero-disables-sampling.c", 3, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"hz-zero-disables-sampling.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	for (int i = 0; i < 4; i++)
		test_enter(&busy_cnt);
	test_burn_cpu_ms(100);
	return 0;
}
