/* work.h - calibrated work for the accuracy programs.
 *
 * STEPS(x, n) runs n steps of a xorshift-multiply chain on x: each step
 * depends on the last (about 5 cycles of latency), it is not linear, so
 * the optimiser can neither fold nor vectorise it, and it costs the same
 * per step wherever it is expanded or inlined, at -O0 as at -O2.  (An add
 * to a volatile, test/e2e/e2e_work.h's SPIN, is not that regular at a
 * fine grain: a loop of 2000 such adds called between two others costs
 * up to twice its share.)  The truth of each program is therefore the
 * ratio of its step counts. */
#ifndef BENCH_WORK_H
#define BENCH_WORK_H
#include <stdio.h>
#include <stdlib.h>
#define STEPS(x, n)                                                   \
	for (long i_ = 0; i_ < (long)(n); i_++)                       \
		x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9UL
/* The number of rounds a program runs: argv[1], or 1. */
#define ROUNDS(argc, argv) ((argc) > 1 ? atol((argv)[1]) : 1)

/* Measured truth.  Step counts fix the shares only if a step costs the
 * same everywhere; code placement (and a busy sibling hyperthread) moved
 * a nominal 30% to anywhere from 26.8% to 32.0% in the end-to-end tests
 * (test/e2e/e2e_work.h).  So every run also measures its own truth:
 * TRUTH_LAP(name) charges the time stamp counter's cycles since the
 * previous lap to `name` (TRUTH_LAP(0) only starts), and at exit the
 * totals go to the file $BENCH_TRUTH names, one "name cycles" line each,
 * for accuracy.py.  A lap is a few dozen cycles against calls of
 * thousands, and it is inlined (no cost centre, no mcount call): its time
 * goes to the caller in every profile.  The time stamp counter, not the
 * thread's CPU clock: that one is a system call, as long as the shortest
 * calls measured here. */
#define TRUTH_SLOTS 4
static const char *truth_name[TRUTH_SLOTS];
static unsigned long long truth_cycles[TRUTH_SLOTS];
static unsigned long long truth_last;

__attribute__((no_instrument_function, no_profile_instrument_function))
static void truth_write(void)
{
	const char *path = getenv("BENCH_TRUTH");
	FILE *f = path ? fopen(path, "w") : NULL;
	if (!f)
		return;
	for (int i = 0; i < TRUTH_SLOTS && truth_name[i]; i++)
		fprintf(f, "%s %llu\n", truth_name[i], truth_cycles[i]);
	fclose(f);
}

__attribute__((always_inline, no_instrument_function,
	       no_profile_instrument_function))
static inline void TRUTH_LAP(const char *name)
{
	unsigned long long now = __builtin_ia32_rdtsc();
	int i = 0;
	if (!name) {
		if (!truth_last)
			atexit(truth_write);
		truth_last = now;
		return;
	}
	while (i < TRUTH_SLOTS - 1 && truth_name[i] && truth_name[i] != name)
		i++;
	truth_name[i] = name;
	truth_cycles[i] += now - truth_last;
	truth_last = now;
}
#endif
