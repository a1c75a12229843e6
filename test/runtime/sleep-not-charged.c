// Time a thread spends asleep is not charged to anything: the main
// thread's high-resolution timer keeps firing while it sleeps, but each
// sample charges only the CPU time since the previous one.  `sleeper`
// sleeps 400 ms and `busy` burns 200 ms of CPU: busy gets nearly all the
// ticks.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %shares %t.out busy=100 sleeper=0 --tol 5 --min-ticks 100

#include <time.h>

#include "ccprof_test.h"

static struct ccprof_counters sleeper_cnt, busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &sleeper_cnt, "sleeper", "sleep-not-charged.c", 1, 0 },
	{ &busy_cnt, "busy", "sleep-not-charged.c", 2, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "", "sleep-not-charged.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };

	test_enter(&sleeper_cnt);
	for (int i = 0; i < 40; i++)
		while (nanosleep(&nap, &nap) != 0)
			;
	test_enter(&busy_cnt);
	test_burn_cpu_ms(200);
	return 0;
}
