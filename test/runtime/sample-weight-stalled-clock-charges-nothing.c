// A sample whose clock has not advanced since the previous one (now ==
// seen), or reads earlier (now < seen), charges nothing and never a
// negative weight, whatever remainder is carried: none (a fresh thread),
// or less than nothing (a sample just charged a period more than the
// time owed).  The remainder then stays where it was, so it never falls
// below minus a period (runtime/sample_weight.h).  A failed clock read,
// which the sampler gives as 0, does not make the next sample charge the
// thread's whole time (here 5 s) again.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS fresh: 20000 stalled samples charged 0 (0 nonzero)
// CHECK: PASS in debt: 20000 stalled samples charged 0 (0 nonzero)
// CHECK: PASS failed read: charged 0, then 1 for the next period
// CHECK-NOT: FAIL

#include "sample_weight_test.h"

/* 10,000 samples with the clock where it was, 10,000 with it earlier;
 * reports what they charged and the range of the remainder. */
static int stall(struct weigher *w, const char *what)
{
	uint64_t charged = 0, nonzero = 0;
	int64_t lo = w->owed, hi = w->owed;
	int ok;

	for (int i = 0; i < 20000; i++) {
		uint64_t back = i < 10000 ? 0 : 1000u * (uint64_t)(i % 7);
		uint64_t n = sample_at(w, w->seen - back);

		charged += n;
		nonzero += n != 0;
		if (w->owed < lo)
			lo = w->owed;
		if (w->owed > hi)
			hi = w->owed;
	}
	ok = !nonzero && lo > -(int64_t)PERIOD_NS;
	printf("%s %s: 20000 stalled samples charged %llu (%llu nonzero), "
	       "owed %lld to %lld ns\n", ok ? "PASS" : "FAIL", what,
	       (unsigned long long)charged, (unsigned long long)nonzero,
	       (long long)lo, (long long)hi);
	return ok;
}

int main(void)
{
	struct weigher w;
	int ok;

	weigher_init(&w, 0x2545f4914f6cdd1du);
	ok = stall(&w, "fresh");
	/* Half periods until a sample charges more than was owed (bounded:
	 * a rounding that never does must fail, not hang). */
	for (int i = 0; i < 1000 && w.owed >= 0; i++)
		sample_after(&w, PERIOD_NS / 2);
	if (w.owed >= 0) {
		printf("FAIL in debt: owed %lld ns after 1000 half periods\n",
		       (long long)w.owed);
		return 1;
	}
	ok &= stall(&w, "in debt");
	{
		struct weigher f;
		uint64_t zero, next;
		int good;

		weigher_init(&f, 0x9e3779b97f4a7c15u);
		zero = sample_at(&f, 0);
		next = sample_after(&f, PERIOD_NS);
		good = zero == 0 && next == 1;
		printf("%s failed read: charged %llu, then %llu for the next "
		       "period\n", good ? "PASS" : "FAIL",
		       (unsigned long long)zero, (unsigned long long)next);
		ok &= good;
	}
	return !ok;
}
