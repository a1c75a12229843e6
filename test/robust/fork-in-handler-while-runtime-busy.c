// A program whose signal handler forks (a watchdog that forks a worker
// on SIGALRM) does not hang when the signal interrupts the runtime on
// the same thread (writing a dump, a thread starting or ending): signals
// wait while the runtime holds its lock.  Before, the fork handler's
// lock waited for the thread it ran on, forever.  Every fork is reaped;
// both modes; the output is the plain build's (where ccprof_dump is
// absent: the weak reference is null).
//
// The timer fires every millisecond, about as long as a fork takes here:
// 600-800 forks, most of them from signals that came during a dump.
// Every 200 us (until 2026-12-05) the handler forked without a pause
// until the machine ran out of process ids (32,000 unreaped children,
// 45 s a run), and only the failing forks let the loop finish, while
// the tests beside it could not start a process.
//
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: timeout 60 %t.plain > %t.plain.log
// RUN: FileCheck %s < %t.plain.log
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out timeout 60 %t > %t.log
// RUN: diff %t.plain.log %t.log
// RUN: %cc -O1 %ctxflags %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out timeout 60 %tc > %tc.log
// RUN: diff %t.plain.log %tc.log
//
// CHECK: forks reaped 1

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

extern int ccprof_dump(void) __attribute__((weak));

static volatile sig_atomic_t forks;
static volatile unsigned long sink;

__attribute__((noinline)) static void work(int i)
{
	sink += (unsigned long)i;
}

static void on_alarm(int sig)
{
	pid_t pid;

	(void)sig;
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid > 0)
		forks++;
}

int main(void)
{
	struct itimerval every = {{0, 1000}, {0, 1000}}, off;
	struct sigaction sa;
	int reaped = 0, status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &every, NULL);
	for (int i = 0; i < 300; i++) {
		work(i);
		if (ccprof_dump)
			ccprof_dump();	/* holds the runtime's lock */
		else
			usleep(300);
	}
	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
	while (wait(&status) > 0)
		reaped++;
	printf("forks reaped %d\n", reaped == forks && forks > 0);
	return 0;
}
