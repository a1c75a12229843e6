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
/* WORK(n): SPIN(n) in one out-of-line function that is excluded from
 * profiling, so its time goes to its caller.  Tests whose work sits in
 * places the optimiser treats specially (after a catch, around setjmp,
 * in cold paths) use it: the code that does the work is then the same
 * for every caller, and the true shares are exactly proportional to n. */
__attribute__((noinline, no_profile_instrument_function)) static void
e2e_work(unsigned long n)
{
	SPIN(n);
}
#define WORK(n) e2e_work(n)

/* The number of rounds a test program runs: argv[1], or 1. */
#define ROUNDS(argc, argv) ((argc) > 1 ? atoi((argv)[1]) : 1)
#endif
