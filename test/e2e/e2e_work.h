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
 * for a 60% share in 400 samples). */
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
#endif
