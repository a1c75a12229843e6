// A POSIX timer of the program's that sends the sample signal (SIGURG)
// with the same value as the runtime's own timers (1) reaches the
// program's handler every time: the runtime tells its timers by their
// id, not their value.  With the task clock and with the CPU-time timers
// (CCPROF_CLOCK=cpu-timer, where the runtime's own timers send value 1).
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// RUN: env CCPROF_OUT=%t.out CCPROF_CLOCK=cpu-timer %t | FileCheck %s
// CHECK: the program's timer: 30 signals or more, every one with value 1

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t got, other_value;
static volatile unsigned long sink;

static void on_timer(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	if (si->si_code == SI_TIMER && si->si_value.sival_int == 1)
		got++;
	else
		other_value++;
}

__attribute__((noinline)) void spin(void)
{
	for (int i = 0; i < 100000; i++)
		sink += (unsigned long)i;
}

int main(void)
{
	struct sigaction sa;
	struct sigevent sev;
	struct itimerspec its = { { 0, 2000000 }, { 0, 2000000 } };
	timer_t t;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGURG, &sa, NULL);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGURG;
	sev.sigev_value.sival_int = 1;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t) != 0 ||
	    timer_settime(t, 0, &its, NULL) != 0)
		return 1;
	/* at most 10 s, so that a failure cannot hang the suite */
	for (time_t end = time(NULL) + 10; got < 30 && time(NULL) < end;)
		spin();
	timer_delete(t);
	/* more than 30 if the machine was slow to end the loop: the
	 * timer kept firing */
	printf("the program's timer: %s, every one with value 1%s\n",
	       got >= 30 ? "30 signals or more" : "fewer than 30 signals",
	       other_value ? " (and others)" : "");
	return 0;
}
