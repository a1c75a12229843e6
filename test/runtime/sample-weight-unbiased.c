// A sample's expected weight is exactly the clock time since the
// previous sample, whatever the phase (runtime/sample_weight.h): samples
// that alternately come 0.3 and 0.7 periods after the previous one
// (100,000 pairs, a program whose rounds last exactly a period) charge
// 30% of the periods to the 0.3 ones, within a point.  Rounding to the
// nearest, remainder carried, would charge every period to the 0.7 ones
// (0.3 -> 0, 0.3 + 0.7 -> 1) and give the 0.3 ones 0%.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS short samples: {{[0-9]+}} of {{[0-9]+}} periods
// CHECK-NOT: FAIL

#include "sample_weight_test.h"

int main(void)
{
	struct weigher w;
	uint64_t short_ticks = 0, long_ticks = 0, total;
	double pct;
	int ok;

	weigher_init(&w, 0x2545f4914f6cdd1du);
	for (int i = 0; i < 100000; i++) {
		short_ticks += sample_after(&w, 3 * PERIOD_NS / 10);
		long_ticks += sample_after(&w, 7 * PERIOD_NS / 10);
	}
	total = short_ticks + long_ticks;
	pct = total ? 100.0 * (double)short_ticks / (double)total : 0;
	ok = pct >= 29.0 && pct <= 31.0;
	printf("%s short samples: %llu of %llu periods, %.2f%% (30 +- 1)\n",
	       ok ? "PASS" : "FAIL", (unsigned long long)short_ticks,
	       (unsigned long long)total, pct);
	return !ok;
}
