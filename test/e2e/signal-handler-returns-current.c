// A profiled signal handler (its address is taken: it is passed to
// signal) puts `current` back as it found it when it returns, so the
// loop it interrupted, which makes no call and so no reset, keeps its
// time; the handler used to get everything after the signal (99% here).
// Flat and context mode, -O0 and -O2.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out work=100 --tol 5
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out work=100 --tol 5
//
// RUN: %cc -O0 %ctxflags %s -o %t0c %libs
// RUN: env CCPROF_OUT=%t0c.out %t0c
// RUN: %shares %t0c.out work=100 --tol 5
// RUN: %contexts paths %t0c.out | FileCheck %s
// RUN: %cc -O2 %ctxflags %s -o %t2c %libs
// RUN: env CCPROF_OUT=%t2c.out %t2c
// RUN: %shares %t2c.out work=100 --tol 5
// RUN: %contexts paths %t2c.out | FileCheck %s
//
// The handler is a child of what it interrupted.
// CHECK:      main 1
// CHECK-NEXT: main;work 1
// CHECK-NEXT: main;work;on_alarm 1
#include <signal.h>
#include <sys/time.h>

static volatile sig_atomic_t fired;
static volatile unsigned long sink;

void on_alarm(int sig)
{
	(void)sig;
	fired++;
	for (int i = 0; i < 1000; i++)
		sink += i;
}

__attribute__((noinline)) static void work(void)
{
	struct itimerval once = {{0, 0}, {0, 10000}}; /* in 10 ms */
	setitimer(ITIMER_REAL, &once, 0);
	for (unsigned long i = 0; i < 400000000UL; i++)
		sink += i;
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	work();
	return !fired;
}
