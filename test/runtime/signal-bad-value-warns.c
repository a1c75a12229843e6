// A CCPROF_SIGNAL the runtime cannot sample with (a fault signal, an
// unknown name, a number out of range) gets one warning naming the
// variable and its value, and the default signal is used.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_SIGNAL=SEGV %t 2>&1 | FileCheck --check-prefix=SEGV %s
// SEGV: ccprof: ignoring CCPROF_SIGNAL='SEGV': not URG, PROF, VTALRM, ALRM, USR1, USR2, WINCH or a real-time signal (RTMIN+N, RTMAX-N, {{[0-9]+}} to {{[0-9]+}}); using the default
// SEGV-NOT: ccprof
// RUN: env CCPROF_OUT=%t.out CCPROF_SIGNAL=RTMIN+99 %t 2>&1 | FileCheck --check-prefix=RANGE %s
// RANGE: ccprof: ignoring CCPROF_SIGNAL='RTMIN+99'
// RUN: FileCheck %s < %t.out
// CHECK: hz{{[[:space:]]}}1000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "signal-bad-value-warns.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "signal-bad-value-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	test_burn_cpu_ms(200);
	return 0;
}
