// CCPROF_EVENTS=wall: wall time is a column of its own.  `sleeper` sleeps
// 200 ms and `busy` burns 300 ms of CPU: sleeper gets its 200 ms of wall
// time (200 ticks at 1000 Hz) and none of the CPU time, busy at least its
// 300 ms of wall time and all the CPU time.  On a loaded machine busy's
// CPU takes longer, so the wall shares are not checked, the amounts are.
// The wall timer interrupts sleeps (docs/runtime.md): sleeper sleeps again
// for what is left, as a program must for any signal.  Each of its ~200
// wake-ups costs it real CPU time in user mode (the signal's delivery and
// return, the restarted call), a few CPU ticks on a slow VM: 300 ms of
// busy keeps those within the tolerance.
//
// RUN: %cc -O0 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=wall %t
// RUN: %metrics %t.out wall_ticks --expect sleeper:wall_ticks=190..260 --expect busy:wall_ticks=295..15000
// RUN: %shares %t.out busy=100 sleeper=0 --tol 5 --min-ticks 50
#include <errno.h>
#include <time.h>

static volatile unsigned long result;

__attribute__((noinline)) void sleeper(void)
{
	struct timespec left = { 0, 200000000 };

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
}

/* The thread's CPU seconds, read in busy itself: a function, even an
 * always_inline one, is a cost centre of its own and would take a share
 * of busy's time. */
#define CPU_SECONDS(ts)							\
	(clock_gettime(CLOCK_THREAD_CPUTIME_ID, &(ts)),			\
	 (double)(ts).tv_sec + (double)(ts).tv_nsec / 1e9)

__attribute__((noinline)) void busy(void)
{
	struct timespec ts;
	double until = CPU_SECONDS(ts) + 0.3;
	unsigned long x = 1;

	while (CPU_SECONDS(ts) < until)
		for (int i = 0; i < 10000; i++)
			x = x * 6364136223846793005u + 1;
	result = x;
}

int main(void)
{
	busy();
	sleeper();
	return 0;
}
