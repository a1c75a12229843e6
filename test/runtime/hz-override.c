// CCPROF_HZ sets the requested rate, which the profile records.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=100 %t 2> %t.err
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// CHECK:hz	100
// CHECK-NEXT:ticks	{{[1-9][0-9]*}}
// ERR-NOT: ccprof

#include "ccprof_test.h"

static struct ccprof_counters busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &busy_cnt, "busy", "hz-override.c", 3, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "hz-override.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&busy_cnt);
	test_burn_cpu_ms(100);
	return 0;
}
