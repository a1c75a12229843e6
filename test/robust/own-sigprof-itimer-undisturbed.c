// A program with its own SIGPROF handler and ITIMER_PROF timer (its own
// profiler, a watchdog) works exactly as without ccprof: ccprof samples
// with another signal (SIGURG) from a POSIX timer, so the program's
// handler runs at its timer's rate, and ccprof still samples.  The rate
// is checked against a reference in the same run, an identical
// ITIMER_VIRTUAL timer (SIGVTALRM), which ccprof never touches and which
// sees the same kernel timer granularity and machine load: the two
// counts agree within 20%.  (Were ccprof's timer feeding the program's
// SIGPROF handler, it would run several times as often.)
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log
// RUN: grep SIGPROF %t.log > %t.prof
// RUN: grep SIGVTALRM %t.log > %t.vtalrm
// RUN: %python %S/Inputs/within.py %t.prof %t.vtalrm 20
// RUN: FileCheck %s < %t.out
// CHECK: hz{{[[:space:]]}}1000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include <signal.h>
#include <stdio.h>
#include <sys/time.h>

#include "robust.h"

static volatile sig_atomic_t prof_ticks, vtalrm_ticks;

static void on_prof(int sig)
{
	(void)sig;
	prof_ticks++;
}

static void on_vtalrm(int sig)
{
	(void)sig;
	vtalrm_ticks++;
}

int main(void)
{
	static const struct itimerval every_10ms = { { 0, 10000 }, { 0, 10000 } };
	struct sigaction sa;

	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_prof;
	sigaction(SIGPROF, &sa, NULL);
	sa.sa_handler = on_vtalrm;
	sigaction(SIGVTALRM, &sa, NULL);
	setitimer(ITIMER_PROF, &every_10ms, NULL);
	setitimer(ITIMER_VIRTUAL, &every_10ms, NULL);
	robust_burn_cpu_ms(800);
	printf("own SIGPROF handler ran %d times\n", (int)prof_ticks);
	printf("reference SIGVTALRM handler ran %d times\n", (int)vtalrm_ticks);
	return 0;
}
