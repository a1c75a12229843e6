// CCPROF_SIGNAL chooses the sampling signal: a real-time signal by
// relative name (RTMIN+N, RTMAX-N) or number, or a classic one (here
// PROF); SIGURG, the default, is then left alone.  Sampling works with
// each.  The kernel has the runtime's handler for it (SigCgt in
// /proc/self/status); the program's sigaction answers with the
// program's own action, SIG_DFL (signal_chain.c).
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.rt.out CCPROF_SIGNAL=RTMIN+3 %t RTMIN+3 | FileCheck --check-prefix=RT %s
// RT: sampling signal caught: yes
// RT-NEXT: program's view of it: SIG_DFL
// RT-NEXT: SIGURG default: yes
// RUN: env CCPROF_OUT=%t.prof.out CCPROF_SIGNAL=PROF %t PROF | FileCheck --check-prefix=PROF %s
// PROF: sampling signal caught: yes
// PROF-NEXT: program's view of it: SIG_DFL
// PROF-NEXT: SIGURG default: yes
// RUN: FileCheck %s < %t.rt.out
// RUN: FileCheck %s < %t.prof.out
// CHECK: hz{{[[:space:]]}}1000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "signal-env-chooses.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "signal-env-chooses.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(int argc, char **argv)
{
	int sig = argc > 1 && !strcmp(argv[1], "PROF") ? SIGPROF : SIGRTMIN + 3;
	struct sigaction sa, urg;

	test_enter(&main_cnt);
	test_burn_cpu_ms(200);
	sigaction(sig, NULL, &sa);
	sigaction(SIGURG, NULL, &urg);
	printf("sampling signal caught: %s\n", test_signal_caught(sig) ? "yes" : "no");
	printf("program's view of it: %s\n",
	       !(sa.sa_flags & SA_SIGINFO) && sa.sa_handler == SIG_DFL
		       ? "SIG_DFL" : "other");
	printf("SIGURG default: %s\n", urg.sa_handler == SIG_DFL ? "yes" : "no");
	return 0;
}
