// A program with its own SIGURG handler (the sample signal) that starts
// and ends many threads, each sampled by its own source while it burns
// CPU, sees none of the samples: not while the threads run, and not one
// still pending when a thread stops its source at exit.  64 rounds of 4
// threads, 5 ms of CPU each.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t -pthread %libs
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// RUN: %shares %t.out robust_burn_cpu_ms=100 --tol 10 --min-ticks 300
// CHECK: SIGURG handler ran 0 times

#include <pthread.h>
#include <signal.h>
#include <stdio.h>

#include "robust.h"

static volatile sig_atomic_t urgs;

static void on_urg(int sig)
{
	(void)sig;
	urgs++;
}

__attribute__((noinline)) void work(void)
{
	robust_burn_cpu_ms(5);
}

static void *thread_main(void *arg)
{
	(void)arg;
	work();
	return NULL;
}

int main(void)
{
	pthread_t t[4];

	signal(SIGURG, on_urg);
	for (int round = 0; round < 64; round++) {
		for (int i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, thread_main, NULL);
		for (int i = 0; i < 4; i++)
			pthread_join(t[i], NULL);
	}
	printf("SIGURG handler ran %d times\n", (int)urgs);
	return 0;
}
