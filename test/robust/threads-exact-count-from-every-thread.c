// Four threads each call a function 1,000,000 times, and so does main:
// the profile has the exact total, 5,000,000.  With counters=thread (the
// default) each thread counts in its own thread-local array; the runtime
// folds a thread's array into the record when the thread exits.  Two of
// the threads are still running (blocked) when main returns, and their
// calls are counted too.
//
// RUN: %cc -O2 %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 5000000
// CHECK-NEXT: worker 4

#include <pthread.h>
#include <semaphore.h>

#define CALLS 1000000

static volatile unsigned long sink;
static sem_t done, never;

__attribute__((noinline)) void step(unsigned long i)
{
	sink += i;
	__asm__ volatile("" ::: "memory");
}

void *worker(void *arg)
{
	for (unsigned long i = 0; i < CALLS; i++)
		step(i);
	sem_post(&done);
	if (arg)	/* stay alive past main's return */
		for (;;)
			sem_wait(&never);
	return NULL;
}

int main(void)
{
	pthread_t t[4];

	sem_init(&done, 0, 0);
	sem_init(&never, 0, 0);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i & 1));
	for (unsigned long i = 0; i < CALLS; i++)
		step(i);
	for (int i = 0; i < 4; i++)
		sem_wait(&done);
	pthread_join(t[0], NULL);
	pthread_join(t[2], NULL);
	return 0;
}
