/*
 * sample_weight.h - how many sampling periods a sample stands for: the
 * arithmetic of sampler.c's periods_since, apart from its clock, its
 * period and its random generator, so that a test can drive it with a
 * synthetic clock and known random values (test/runtime/sample-weight-*).
 *
 * The time of the thread's clock since the previous sample is added to
 * what is owed, and the owed time is counted in whole periods, rounded at
 * a random point of the period (uniform): then the expected result is
 * exactly the time since the previous call, whatever the phase.  The
 * remainder stays owed, within +-period.  Rounding to the nearest charged
 * each whole period of the clock to the next sample after it, so a
 * program whose rounds last exactly a period had its periods charged at
 * one fixed phase of its rounds, a phase that differed from run to run
 * (test/runtime/sampling-does-not-alias.c: a 30% part got 19 to 34%).
 *
 * The sampling handler calls it, and must call nothing
 * (test/runtime/sample-handler-calls-nothing.test): it is static inline,
 * and calls nothing itself.
 */
#ifndef CCPROF_SAMPLE_WEIGHT_H
#define CCPROF_SAMPLE_WEIGHT_H

#include <stdint.h>

/* Periods of PERIOD_NS in NOW - *SEEN, the remainder carried in *OWED;
 * RND is uniform random (the jitter's generator), reduced modulo the
 * period to the rounding point.  A clock that has not advanced (NOW <=
 * *SEEN) adds nothing and leaves *SEEN as it was: a failed clock read,
 * which the sampler gives as 0, must not make the next sample charge the
 * thread's whole time again.  The result is never negative. */
static inline uint64_t ccprof__periods_since(uint64_t now, uint64_t *seen,
					     int64_t *owed,
					     uint64_t period_ns,
					     uint64_t rnd)
{
	int64_t n;

	if (now > *seen) {
		*owed += (int64_t)(now - *seen);
		*seen = now;
	}
	n = (*owed + (int64_t)(rnd % period_ns)) / (int64_t)period_ns;
	if (n < 0)
		n = 0;
	*owed -= n * (int64_t)period_ns;
	return (uint64_t)n;
}

#endif
