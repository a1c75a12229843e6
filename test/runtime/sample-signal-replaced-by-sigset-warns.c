// A program that installs its own handler for the sampling signal (SIGURG
// by default) after the runtime has started, other than through
// sigaction, signal or bsd_signal (which libccprof defines, and which keep
// the runtime's handler: signal_chain.c), takes the signal over: here
// with sigset.  At exit the runtime says that samples after that were not
// counted, and how to move the sampling elsewhere.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: ccprof: the program replaced the handler of SIGURG (23), which ccprof samples with; samples after that were not counted (choose another with CCPROF_SIGNAL)
// CHECK-NOT: ccprof

#define _XOPEN_SOURCE 700
#include <signal.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "sample-signal-replaced-by-sigset-warns.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"sample-signal-replaced-by-sigset-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

static void own_handler(int sig)
{
	(void)sig;
}

int main(void)
{
	test_enter(&main_cnt);
	sigset(SIGURG, own_handler);
	test_burn_cpu_ms(20);
	return 0;
}
