// ccprof uses at most a quarter of RLIMIT_NOFILE for its per-thread
// sampling events: with a limit of 64, 16; the other threads sample with
// a CPU-time timer, the run says so at exit, and every call is counted.
// 40 threads run at once, each burning 10 ms of CPU.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: sh -c 'ulimit -n 64 && exec env CCPROF_OUT=%t.out %t' > %t.stdout 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.stdout
// OUT: 40 threads done
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: note: {{[0-9]+}} thread(s) were sampled by a CPU-time timer: ccprof uses at most a quarter of RLIMIT_NOFILE
// RUN: FileCheck --check-prefix=PROF %s < %t.out
// PROF: clock{{[[:space:]]}}cpu-mixed
// RUN: %counts %t.out | FileCheck --check-prefix=COUNTS %s
// COUNTS: step 40000

#include <pthread.h>
#include <stdio.h>

#include "robust.h"

static pthread_barrier_t all_running;

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

static void *thread_main(void *arg)
{
	volatile int sum = 0;

	(void)arg;
	pthread_barrier_wait(&all_running);
	for (int i = 0; i < 1000; i++)
		sum += step(i);
	robust_burn_cpu_ms(10);
	pthread_barrier_wait(&all_running);
	return NULL;
}

int main(void)
{
	pthread_t t[40];

	pthread_barrier_init(&all_running, NULL, 40);
	for (int i = 0; i < 40; i++)
		pthread_create(&t[i], NULL, thread_main, NULL);
	for (int i = 0; i < 40; i++)
		pthread_join(t[i], NULL);
	printf("40 threads done\n");
	return 0;
}
