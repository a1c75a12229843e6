// __ccprof_current is per thread: two threads burning the same CPU time,
// each in its own cost centre, get about the same number of ticks, and
// the main thread (current NULL, waiting) gets none.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %shares %t.out worker_a+worker_b=100 --balance worker_a,worker_b --tol 15 --min-ticks 40

#include <pthread.h>

#include "ccprof_test.h"

static struct ccprof_counters a_cnt, b_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &a_cnt, "worker_a", "thread-local-current.c", 1, 0 },
	{ &b_cnt, "worker_b", "thread-local-current.c", 2, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "", "thread-local-current.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

static void *worker(void *counters)
{
	test_enter(counters);
	test_burn_cpu_ms(200);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, worker, &a_cnt);
	pthread_create(&b, NULL, worker, &b_cnt);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
