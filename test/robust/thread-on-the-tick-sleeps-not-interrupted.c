// A thread sampled on the tick because it blocks often (thread-that-
// blocks-often-sampled-on-the-tick.c) still never has a sleep cut short:
// its CPU-time timer's signal is generated on the way back to user mode
// (POSIX_CPU_TIMERS_TASK_WORK, set in this machine's kernel), never inside
// the system call.  Four threads each alternate about 10 us of work with
// a 50 us nanosleep and a poll 3,000 times: the profile's clock is
// cpu-mixed (they were switched to the tick), and no call returns EINTR,
// as in the plain build.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: %plain_cc -O1 -I%S/Inputs %s -o %t.plain -lpthread
// RUN: %t.plain > %t.want
// RUN: env CCPROF_OUT=%t.out %t > %t.got
// RUN: diff %t.want %t.got
// RUN: FileCheck %s < %t.got
// RUN: FileCheck %s --check-prefix=MIXED < %t.out
// CHECK: rounds 12000, EINTR from nanosleep 0, from poll 0
// MIXED: {{^}}clock cpu-mixed{{$}}

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "robust.h"

#define THREADS 4
#define ROUNDS 3000

static int rounds, cut_sleeps, cut_polls;

__attribute__((noinline)) void work(void)
{
	for (int i = 0; i < 10000; i++)
		robust_sink += (unsigned long)i;
}

static void *run(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		struct timespec ts = { 0, 50000 };

		work();
		if (nanosleep(&ts, NULL) != 0 && errno == EINTR)
			__atomic_fetch_add(&cut_sleeps, 1, __ATOMIC_RELAXED);
		work();
		if (poll(NULL, 0, 0) != 0 && errno == EINTR)
			__atomic_fetch_add(&cut_polls, 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&rounds, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];

	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, run, NULL) != 0)
			return 1;
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	printf("rounds %d, EINTR from nanosleep %d, from poll %d\n", rounds,
	       cut_sleeps, cut_polls);
	return 0;
}
