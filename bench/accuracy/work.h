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
#endif
