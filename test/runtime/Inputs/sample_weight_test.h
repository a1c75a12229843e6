/*
 * sample_weight_test.h - drives ccprof__periods_since (runtime/
 * sample_weight.h) the way sampler.c does, but with a synthetic clock and
 * a deterministic xorshift64 in place of the thread's clock and the
 * jitter's generator, so that the sample-weight-* tests give the same
 * numbers on every run and machine.
 */
#ifndef SAMPLE_WEIGHT_TEST_H
#define SAMPLE_WEIGHT_TEST_H

#include <stdint.h>
#include <stdio.h>

#include "sample_weight.h"

#define PERIOD_NS 1000000u		/* CCPROF_HZ=1000 */

/* One thread's weighing state, as sampler.c keeps it in TLS. */
struct weigher {
	uint64_t clock;		/* the synthetic clock, ns */
	uint64_t seen;		/* clock at the last sample */
	int64_t owed;		/* carried remainder */
	uint64_t rng;		/* xorshift64 state, nonzero */
};

/* A clock that starts at 5 s (a thread's CPU time when it is first
 * sampled need not be 0) and a fixed seed. */
static inline void weigher_init(struct weigher *w, uint64_t seed)
{
	w->clock = 5000000000u;
	w->seen = w->clock;
	w->owed = 0;
	w->rng = seed | 1;
}

/* sampler.c's jitter_next(), on the test's own state. */
static inline uint64_t xorshift(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x >> 11;
}

/* A sample with the clock at NOW: the periods it charges. */
static inline uint64_t sample_at(struct weigher *w, uint64_t now)
{
	return ccprof__periods_since(now, &w->seen, &w->owed, PERIOD_NS,
				     xorshift(&w->rng));
}

/* A sample after ELAPSED ns more of the clock. */
static inline uint64_t sample_after(struct weigher *w, uint64_t elapsed)
{
	w->clock += elapsed;
	return sample_at(w, w->clock);
}

#endif
