// counters=thread: each thread counts calls in its own thread-local
// array; the runtime adds a thread's array into the shared records when
// the thread exits (also for a detached thread, one that ends with
// pthread_exit, and calls made by another key's destructor), and adds the
// arrays of threads still running when the profile is written.  Every
// count is exact.  (The module table is made by hand, as the plugins make
// it with counters=thread.)
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t | FileCheck --check-prefix=LOG %s
// LOG: folded joined: 4000
// LOG-NEXT: folded detached: 1500
// LOG-NEXT: folded pthread_exit: 300
// LOG-NEXT: folded key destructor: 5
// LOG-NEXT: folded blocked: 0
// LOG-NEXT: folded main: 0
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:cc	0	0	4000	{{[0-9]+}}	1	joined	threads.c	function
// CHECK-NEXT:cc	1	0	1500	{{[0-9]+}}	2	detached	threads.c	function
// CHECK-NEXT:cc	2	0	300	{{[0-9]+}}	3	exited	threads.c	function
// CHECK-NEXT:cc	3	0	5	{{[0-9]+}}	4	in_key_dtor	threads.c	function
// CHECK-NEXT:cc	4	0	200	{{[0-9]+}}	5	blocked	threads.c	function
// CHECK-NEXT:cc	5	0	7	{{[0-9]+}}	6	main	threads.c	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	1	6

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

#include "ccprof_test.h"

enum { JOINED, DETACHED, EXITED, IN_KEY_DTOR, BLOCKED, MAIN, N_CC };

static struct ccprof_counters cnt[N_CC];
static __thread uint64_t tc[N_CC] __attribute__((tls_model("initial-exec")));
static const struct ccprof_cc_desc ccs[N_CC] = {
	{ &cnt[JOINED], "joined", "threads.c", 1, 0 },
	{ &cnt[DETACHED], "detached", "threads.c", 2, 0 },
	{ &cnt[EXITED], "exited", "threads.c", 3, 0 },
	{ &cnt[IN_KEY_DTOR], "in_key_dtor", "threads.c", 4, 0 },
	{ &cnt[BLOCKED], "blocked", "threads.c", 5, 0 },
	{ &cnt[MAIN], "main", "threads.c", 6, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_CC, ccs, "hand-made", "counters=thread",
	"threads.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register_thread(&module, &tc[0]);
}

/* What an instrumented function does on entry with counters=thread. */
static void enter(int i, int times)
{
	for (int k = 0; k < times; k++) {
		*(volatile uint64_t *)&tc[i] += 1;
		test_leave_to(&cnt[i]);
	}
}

static void *joined(void *arg)
{
	(void)arg;
	enter(JOINED, 1000);
	return NULL;
}

static void *detached(void *arg)
{
	(void)arg;
	enter(DETACHED, 500);
	return NULL;
}

static void *exited(void *arg)
{
	(void)arg;
	enter(EXITED, 300);
	pthread_exit(NULL);
}

static pthread_key_t other_key;

static void other_key_dtor(void *arg)
{
	(void)arg;
	enter(IN_KEY_DTOR, 5);
}

static void *with_key(void *arg)
{
	(void)arg;
	pthread_setspecific(other_key, &other_key);
	return NULL;
}

static sem_t never, blocked_ready;

static void *blocked(void *arg)
{
	(void)arg;
	enter(BLOCKED, 200);
	sem_post(&blocked_ready);
	for (;;)
		sem_wait(&never);
	return NULL;
}

static uint64_t folded(int i)
{
	return __atomic_load_n(&cnt[i].calls, __ATOMIC_RELAXED);
}

/* Detached threads cannot be joined: wait until their calls are folded. */
static void wait_folded(int i, uint64_t want)
{
	struct timespec ms = { 0, 1000000 };

	for (int k = 0; k < 10000 && folded(i) < want; k++)
		nanosleep(&ms, NULL);
}

int main(void)
{
	pthread_t t[4], d, x, b;
	pthread_attr_t attr;

	enter(MAIN, 7);
	sem_init(&never, 0, 0);
	sem_init(&blocked_ready, 0, 0);
	pthread_key_create(&other_key, other_key_dtor);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, joined, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("folded joined: %llu\n", (unsigned long long)folded(JOINED));

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	for (int i = 0; i < 3; i++)
		pthread_create(&d, &attr, detached, NULL);
	wait_folded(DETACHED, 1500);
	printf("folded detached: %llu\n", (unsigned long long)folded(DETACHED));

	pthread_create(&x, NULL, exited, NULL);
	pthread_join(x, NULL);
	printf("folded pthread_exit: %llu\n", (unsigned long long)folded(EXITED));

	pthread_create(&x, NULL, with_key, NULL);
	pthread_join(x, NULL);
	printf("folded key destructor: %llu\n",
	       (unsigned long long)folded(IN_KEY_DTOR));

	pthread_create(&b, NULL, blocked, NULL);
	sem_wait(&blocked_ready);
	printf("folded blocked: %llu\n", (unsigned long long)folded(BLOCKED));
	printf("folded main: %llu\n", (unsigned long long)folded(MAIN));
	fflush(stdout);
	return 0;	/* the blocked thread is still running */
}
