/*
 * ccprof_test.h - helpers for the runtime tests, which run libccprof
 * without a compiler plugin: each test builds its module table by hand
 * and does itself what instrumented code would do.
 */
#ifndef CCPROF_TEST_H
#define CCPROF_TEST_H

#include <stdio.h>
#include <time.h>

#include "ccprof_abi.h"

/* What an instrumented function does on entry. */
static inline void test_enter(struct ccprof_counters *c)
{
	c->calls++;
	*(struct ccprof_counters *volatile *)&__ccprof_current = c;
}

static inline void test_leave_to(struct ccprof_counters *c)
{
	*(struct ccprof_counters *volatile *)&__ccprof_current = c;
}

static inline double test_thread_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static volatile unsigned long test_sink;

/* Burn ms milliseconds of this thread's CPU time (not wall time, so a
 * busy machine makes the test slower, not flakier). */
static inline void test_burn_cpu_ms(double ms)
{
	double end = test_thread_cpu_ms() + ms;

	while (test_thread_cpu_ms() < end)
		for (int i = 0; i < 20000; i++)
			test_sink += (unsigned long)i;
}

/* Whether the kernel has a handler for sig (SigCgt in /proc/self/status):
 * the runtime's for its sample signal, which the program's sigaction does
 * not show (it answers with the program's own action). */
static inline int test_signal_caught(int sig)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	unsigned long long mask = 0;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "SigCgt: %llx", &mask) == 1)
			break;
	if (f)
		fclose(f);
	return (int)((mask >> (sig - 1)) & 1);
}

#endif /* CCPROF_TEST_H */
