// A thread the program starts, which closes every descriptor once it has
// run a while, keeps being sampled, as the thread that started the
// runtime does (close-every-fd-keeps-sampling.c): its task-clock event's
// keep-alive page is mapped at its first sample, not when it starts
// (perf_clock.h), and holds the event open from then on.  The thread's
// `before` burns 200 ms of CPU, then close_range(3, ~0), then `after`
// 200 ms: each gets about half of the ticks, and nothing is lost.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: %shares %t.out before=50 after=50 --tol 10 --min-ticks 200
// RUN: not grep -i warning %t.err

#define _GNU_SOURCE
#include <pthread.h>
#include <unistd.h>

#include "robust.h"

__attribute__((noinline)) void before(void)
{
	ROBUST_BURN_MS_HERE(200);
}

__attribute__((noinline)) void after(void)
{
	ROBUST_BURN_MS_HERE(200);
}

static void *worker(void *arg)
{
	(void)arg;
	before();
	close_range(3, ~0U, 0);
	after();
	return NULL;
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, worker, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	return 0;
}
