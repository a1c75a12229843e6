/* e2e_work.h - calibrated work for the end-to-end tests.
 *
 * SPIN(n) runs n iterations of the same loop body wherever it is expanded,
 * so time is proportional to n at any optimisation level.  UNIT is about
 * 5 ms at -O2 and 9 ms at -O0 on the CI machines.
 *
 * The tests keep each function's phase at 10 ms or more: the kernel's
 * CPU-time timer samples every 4 ms of CPU (CONFIG_HZ=250), so long phases
 * are sampled systematically (an error of at most one sample per phase
 * boundary) instead of at random phase (binomial error, about 2.5 points
 * for a 60% share in 400 samples).
 *
 * The tests compile with -falign-loops=32: on some x86 cores (seen on AMD
 * EPYC) a loop that straddles a 32-byte boundary runs at half speed, which
 * would change the true shares between functions (perf agrees with ccprof
 * when that happens; the truth moved, not the profiler). */
#ifndef E2E_WORK_H
#define E2E_WORK_H
#include <stdlib.h>
static volatile unsigned long e2e_sink;
#define UNIT 10000000UL
#define SPIN(n)                                                 \
	do {                                                    \
		for (unsigned long i_ = 0; i_ < (n); i_++)      \
			e2e_sink += i_;                         \
	} while (0)


/* The number of rounds a test program runs: argv[1], or 1. */
#define ROUNDS(argc, argv) ((argc) > 1 ? atoi((argv)[1]) : 1)

/* Measured truth.  The same loop does not run at the same speed in every
 * function and every run: code placement, and on these VMs a sibling
 * hyperthread busy with another test, moved a nominal 30% share anywhere
 * from 26.8% to 32.0% (measured on the thread's CPU clock) in runs where
 * ccprof agreed with that clock within 0.4 points.  So tests that compare separate loops also measure what each
 * phase really cost, on the same clock the profiler samples:
 * TRUTH_LAP(name) charges the thread CPU time since the previous lap to
 * `name`, TRUTH_LAP(NULL) only starts the clock, and at exit the totals
 * go to the file named by $E2E_TRUTH, one "name seconds" line each, for
 * shares.py --truth.  The helpers are not profiled: their few
 * microseconds per lap go to the caller (main). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#define E2E_TRUTH_SLOTS 8
static const char *e2e_truth_name[E2E_TRUTH_SLOTS];
static double e2e_truth_sec[E2E_TRUTH_SLOTS];
static double e2e_truth_last;

__attribute__((no_profile_instrument_function)) static void
e2e_truth_write(void)
{
	const char *path = getenv("E2E_TRUTH");
	FILE *f;
	if (!path || !(f = fopen(path, "w")))
		return;
	for (int i = 0; i < E2E_TRUTH_SLOTS && e2e_truth_name[i]; i++)
		fprintf(f, "%s %.6f\n", e2e_truth_name[i], e2e_truth_sec[i]);
	fclose(f);
}

__attribute__((no_profile_instrument_function)) static double
e2e_thread_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

__attribute__((no_profile_instrument_function)) static void
e2e_truth_add(const char *name, double sec)
{
	int i;
	for (i = 0; i < E2E_TRUTH_SLOTS && e2e_truth_name[i]; i++)
		if (!strcmp(e2e_truth_name[i], name))
			break;
	if (i == E2E_TRUTH_SLOTS)
		abort();
	if (!e2e_truth_name[i]) {
		e2e_truth_name[i] = name;
		if (i == 0)
			atexit(e2e_truth_write);
	}
	e2e_truth_sec[i] += sec;
}

__attribute__((noinline, no_profile_instrument_function)) static void
TRUTH_LAP(const char *name)
{
	double now = e2e_thread_cpu(), last = e2e_truth_last;
	e2e_truth_last = now;
	if (name)
		e2e_truth_add(name, now - last);
}

/* WORK(name, n): SPIN(n) in one out-of-line function that is excluded
 * from profiling, so its time goes to its caller, `name` (the caller's
 * cost-centre name as the profile spells it).  Tests whose work sits in
 * places the optimiser treats specially (after a catch, around setjmp,
 * in cold paths) use it: the code that does the work is then the same
 * for every caller.  Its thread CPU time is measured too and charged to
 * `name` in the truth file (written after every call: some tests end in
 * abort()).  Once, in a full suite run, ccprof reported one function's
 * calls of this loop at twice their usual cost and the other functions'
 * unchanged; with the truth measured, a slow loop and a profiler error
 * can be told apart. */
__attribute__((noinline, no_profile_instrument_function)) static void
e2e_work(const char *name, unsigned long n)
{
	double start = e2e_thread_cpu();
	SPIN(n);
	e2e_truth_add(name, e2e_thread_cpu() - start);
	e2e_truth_write();
}
#define WORK(name, n) e2e_work(name, n)
#endif
