// CCPROF_EVENTS=cswitch: a function that sleeps 50 times for 1 ms is
// switched out at least 50 times and gets those context switches; a
// function that only computes for 10 ms gets few (those the scheduler
// forces on it: more on a loaded machine).  Context switches are
// counted, not signalled (a signal would cut the sleeps short: the
// program sees no EINTR), and charged at the thread's CPU samples: napper
// computes for 20 ms after its sleeps, so that samples find it running.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc -O0 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=cswitch %t
// RUN: %metrics %t.out cswitches --expect napper:cswitches=50..250 --expect computer:cswitches=0..40
#include <time.h>
#include <unistd.h>

static volatile unsigned long result;

/* A macro, not a function: its time is its caller's. */
#define COMPUTE(seconds)                                                 \
	do {                                                             \
		struct timespec ts_;                                     \
		unsigned long x_ = 1;                                    \
		double until_;                                           \
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts_);            \
		until_ = ts_.tv_sec + ts_.tv_nsec / 1e9 + (seconds);     \
		do {                                                     \
			for (int i_ = 0; i_ < 10000; i_++)               \
				x_ = x_ * 6364136223846793005u + 1;      \
			clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts_);    \
		} while (ts_.tv_sec + ts_.tv_nsec / 1e9 < until_);       \
		result = x_;                                             \
	} while (0)

__attribute__((noinline)) void napper(void)
{
	struct timespec ms = { 0, 1000000 };

	for (int i = 0; i < 50; i++)
		if (nanosleep(&ms, NULL) != 0)
			_exit(3);	/* interrupted: ccprof changed the program */
	COMPUTE(0.02);
}

__attribute__((noinline)) void computer(void)
{
	COMPUTE(0.01);
}

int main(void)
{
	computer();
	napper();
	return 0;
}
