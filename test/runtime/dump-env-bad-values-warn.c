// A CCPROF_DUMP_SIGNAL that is not USR1, USR2 or a free real-time signal,
// or a CCPROF_DUMP_INTERVAL that is not a number of seconds from 0.01 to
// 1000000, gets one warning naming the variable and its value; that kind
// of dump stays off, and the signal keeps its default action.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_DUMP_SIGNAL=TERM %t 2>&1 | FileCheck --check-prefix=SIG %s
// SIG: ccprof: ignoring CCPROF_DUMP_SIGNAL='TERM': not USR1, USR2 or a real-time signal other than the sampling signal; no dumps on a signal
// SIG-NEXT: SIGUSR2 default: yes
// RUN: env CCPROF_OUT=%t.out CCPROF_DUMP_INTERVAL=soon %t 2>&1 | FileCheck --check-prefix=SOON %s
// SOON: ccprof: ignoring CCPROF_DUMP_INTERVAL='soon': not a number of seconds from 0.01 to 1000000; no periodic dumps
// RUN: env CCPROF_OUT=%t.out CCPROF_DUMP_INTERVAL=0.001 %t 2>&1 | FileCheck --check-prefix=TINY %s
// TINY: ccprof: ignoring CCPROF_DUMP_INTERVAL='0.001'

#include <signal.h>
#include <stdio.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "dump-env-bad-values-warn.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "dump-env-bad-values-warn.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	struct sigaction sa;

	test_enter(&main_cnt);
	sigaction(SIGUSR2, NULL, &sa);
	printf("SIGUSR2 default: %s\n", sa.sa_handler == SIG_DFL ? "yes" : "no");
	return 0;
}
