/* robust.h - helpers for the robustness tests, compiled with the plugin
 * like the rest of each test program (so they are cost centres too; the
 * tests check the counts of their own functions only). */
#ifndef ROBUST_H
#define ROBUST_H

#include <time.h>

static volatile unsigned long robust_sink;

static inline double robust_thread_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Burn ms milliseconds of this thread's CPU time (not wall time, so a
 * busy machine makes a test slower, not flakier).  The clock is read
 * here, not through robust_thread_cpu_ms, so that its system calls are
 * charged to this function: through that cost centre they took 6-10%
 * of the samples, and the tests that want all of them here saw 90%. */
static inline void robust_burn_cpu_ms(double ms)
{
	struct timespec ts;
	double end;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	end = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 + ms;
	do {
		for (int i = 0; i < 20000; i++)
			robust_sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	} while (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 < end);
}

/* Burn ms milliseconds of this thread's CPU time in a loop written out
 * in the calling function, so that the ticks are that function's own
 * (robust_burn_cpu_ms is a cost centre of its own; the clock is read
 * directly, not through robust_thread_cpu_ms). */
#define ROBUST_BURN_MS_HERE(ms)                                       \
	do {                                                         \
		struct timespec ts_;                                 \
		double end_;                                         \
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts_);        \
		end_ = ts_.tv_sec * 1e3 + ts_.tv_nsec / 1e6 + (ms);  \
		do {                                                 \
			for (int i_ = 0; i_ < 20000; i_++)           \
				robust_sink += (unsigned long)i_;    \
			clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts_);\
		} while (ts_.tv_sec * 1e3 + ts_.tv_nsec / 1e6 < end_); \
	} while (0)

/* Sleep ms milliseconds of wall time. */
static inline void robust_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) != 0)
		;
}

#endif
