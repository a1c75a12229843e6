// A CCPROF_CLOCK that is not cpu, cpu-perf, cpu-timer or wall gets one
// warning naming the variable and its value, even with sampling off,
// and cpu is used (the
// profile's clock is cpu-perf: the task clock, this program blocking
// nowhere); cpu-perf itself is accepted without a word.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.1.out CCPROF_CLOCK=cpu-fast %t 2> %t.1.err
// RUN: FileCheck --check-prefix=WARN %s < %t.1.err
// RUN: FileCheck --check-prefix=CLOCK --strict-whitespace --match-full-lines %s < %t.1.out
// WARN: ccprof: ignoring CCPROF_CLOCK='cpu-fast': not cpu, cpu-perf, cpu-timer or wall; using cpu
// WARN-NOT: ccprof
//
// RUN: env CCPROF_OUT=%t.2.out CCPROF_CLOCK=cpu-perf %t 2> %t.2.err
// RUN: not grep ccprof %t.2.err
// RUN: FileCheck --check-prefix=CLOCK --strict-whitespace --match-full-lines %s < %t.2.out
//
// CLOCK:clock	cpu-perf
//
// With sampling off (CCPROF_HZ=0) the two variables it would use are
// still checked: a bad CCPROF_CLOCK or CCPROF_SIGNAL is said, not found
// only once CCPROF_HZ=0 is dropped.
// RUN: env CCPROF_OUT=%t.3.out CCPROF_HZ=0 CCPROF_CLOCK=cpu-fast CCPROF_SIGNAL=KILL %t 2> %t.3.err
// RUN: FileCheck --check-prefix=OFF %s < %t.3.err
// OFF: ccprof: ignoring CCPROF_CLOCK='cpu-fast': not cpu, cpu-perf, cpu-timer or wall; using cpu
// OFF-NEXT: ccprof: ignoring CCPROF_SIGNAL='KILL': not URG, PROF, VTALRM, ALRM, USR1, USR2, WINCH or a real-time signal
// OFF-NOT: ccprof

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "clock-bad-value-warns.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "clock-bad-value-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	return 0;
}
