// CCPROF_EVENTS=cswitch,wall: context switches are read at the thread's
// wall samples too, not only at its CPU samples.  A function that only
// sleeps uses almost no CPU, so a CPU sample rarely finds it: its
// switches went to whatever the next CPU sample found (here main's
// computing after it) or, read at a thread's exit, to (unprofiled).  The
// wall timer's samples find it in its sleeps (they interrupt them, as
// CCPROF_EVENTS=wall says: the program retries).  sleeper sleeps 60
// times 2 ms, so it is switched out at least 60 times.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc -O0 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=cswitch,wall %t
// RUN: %metrics %t.out cswitches --expect sleeper:cswitches=60..100000
#include <errno.h>
#include <time.h>

static volatile unsigned long result;

__attribute__((noinline)) void sleeper(void)
{
	for (int i = 0; i < 60; i++) {
		struct timespec left = { 0, 2000000 };

		while (nanosleep(&left, &left) != 0 && errno == EINTR)
			;
	}
}

int main(void)
{
	struct timespec ts;
	unsigned long x = 1;
	double until;

	sleeper();
	/* 50 ms of CPU, so that CPU samples come after the sleeps. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	until = ts.tv_sec + ts.tv_nsec / 1e9 + 0.05;
	do {
		for (int i = 0; i < 10000; i++)
			x = x * 6364136223846793005u + 1;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	} while (ts.tv_sec + ts.tv_nsec / 1e9 < until);
	result = x;
	return 0;
}
