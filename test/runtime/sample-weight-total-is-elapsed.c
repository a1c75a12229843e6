// Over a long run, the periods a thread's samples charge add up to its
// elapsed clock time divided by the period, within one period, at every
// sample: the rounding (runtime/sample_weight.h) carries its remainder
// over and loses nothing.  A synthetic clock advances by random intervals
// from 0 to 3 periods between 1,000,000 samples; a deterministic
// generator takes the jitter's place.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS total: {{[0-9]+}} ns elapsed is {{[0-9]+}} periods
// CHECK-NOT: FAIL

#include "sample_weight_test.h"

int main(void)
{
	struct weigher w;
	uint64_t steps = 0x9e3779b97f4a7c15u;	/* the intervals' generator */
	uint64_t elapsed = 0, charged = 0, worst = 0;
	int ok;

	weigher_init(&w, 0x2545f4914f6cdd1du);
	for (int i = 0; i < 1000000; i++) {
		uint64_t dt = xorshift(&steps) % (3 * PERIOD_NS + 1);
		int64_t gap;

		elapsed += dt;
		charged += sample_after(&w, dt);
		gap = (int64_t)(charged * PERIOD_NS) - (int64_t)elapsed;
		if (gap < 0)
			gap = -gap;
		if ((uint64_t)gap > worst)
			worst = (uint64_t)gap;
	}
	ok = worst <= PERIOD_NS;
	printf("%s total: %llu ns elapsed is %llu periods, %llu charged; "
	       "worst gap during the run %llu ns (at most %u)\n",
	       ok ? "PASS" : "FAIL", (unsigned long long)elapsed,
	       (unsigned long long)(elapsed / PERIOD_NS),
	       (unsigned long long)charged, (unsigned long long)worst,
	       PERIOD_NS);
	return !ok;
}
