// Context mode with threads: each thread counts in a tree of its own
// (plain adds), and the profile merges the trees by path.  Four threads
// run worker, which calls step 1,000,000 times; main calls step 1,000,000
// times itself and 10 times through helper; two threads are still
// running (blocked) when main returns, the other two have exited: every
// count is exact.  A thread starts at the root (no profiled caller).
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      main 1
// CHECK-NEXT: main;helper 10
// CHECK-NEXT: main;helper;step 10
// CHECK-NEXT: main;step 1000000
// CHECK-NEXT: worker 4
// CHECK-NEXT: worker;step 4000000
// CHECK-EMPTY:

#include <pthread.h>
#include <semaphore.h>

#define CALLS 1000000

static volatile long sink;
static sem_t done, never;

__attribute__((noinline)) void step(long i) { sink += i; }

__attribute__((noinline)) void helper(void) { step(1); }

void *worker(void *arg)
{
	for (long i = 0; i < CALLS; i++)
		step(i);
	sem_post(&done);
	if (arg)
		sem_wait(&never);	/* still running at exit */
	return NULL;
}

int main(void)
{
	pthread_t t[4];

	sem_init(&done, 0, 0);
	sem_init(&never, 0, 0);
	for (long k = 0; k < 4; k++)
		pthread_create(&t[k], NULL, worker, (void *)(k & 1));
	for (long i = 0; i < CALLS; i++)
		step(i);
	for (int i = 0; i < 10; i++)
		helper();
	for (int k = 0; k < 4; k++)
		sem_wait(&done);
	pthread_join(t[0], NULL);
	pthread_join(t[2], NULL);
	return 0;
}
