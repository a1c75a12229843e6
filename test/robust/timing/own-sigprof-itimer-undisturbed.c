// A program with its own SIGPROF handler and ITIMER_PROF timer (its own
// profiler, a watchdog) works exactly as without ccprof: ccprof samples
// with another signal (SIGURG) from a POSIX timer, so the program's
// handler runs at its timer's rate, and ccprof still samples.  The rate
// is checked against a reference in the same run: the program's own user
// + system CPU time (getrusage) divided by the timer's 10 ms period, what
// ITIMER_PROF counts by definition: the two agree within 60%.  (Were
// ccprof's timer feeding the program's SIGPROF handler, it would run
// about ten times as often: 1000 Hz against 100.  The margin is wide
// because the kernel charges CPU time to ITIMER_PROF by scheduler ticks
// and rusage exactly: on a busy 2-CPU machine they were seen 45% apart.
// It runs in the "timing" group, alone.)  Not ITIMER_VIRTUAL: that counts user time
// only, while delivering ccprof's 1000 samples a second costs the
// process system time, which ITIMER_PROF rightly counts.
//
// RUN: %cc -O2 -I%S/../Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log
// RUN: grep SIGPROF %t.log > %t.prof
// RUN: grep rusage %t.log > %t.rusage
// RUN: %python %S/../Inputs/within.py %t.prof %t.rusage 60
// RUN: FileCheck %s < %t.out
// CHECK: hz{{[[:space:]]}}1000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
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
	{
		struct rusage ru;
		double cpu_ms;

		getrusage(RUSAGE_SELF, &ru);
		cpu_ms = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
			 (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
		printf("reference from rusage (periods of 10 ms): %d\n",
		       (int)(cpu_ms / 10));
	}
	return 0;
}
