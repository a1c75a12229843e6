// CCPROF_EVENTS=alloc: each function's allocation calls and requested
// bytes are charged to it exactly, at -O0 and -O2, on the main thread and
// on two threads at once: malloc, calloc, realloc, aligned_alloc,
// posix_memalign, and free (counted in the function that frees).  The
// pointers escape to a volatile sink so that no optimiser elides a
// malloc/free pair (the workers' to a sink of their own: a shared one
// would let both free the same block).  glibc's own allocations are charged the same way:
// pthread_create's (the new thread's TLS) to spawn; the frees at a
// thread's exit come after its start routine (worker, a function whose
// address is taken) has returned and put back the `current` it found,
// none: they are (unprofiled).
//
// RUN: %cc -O0 %s -o %t0 %libs -pthread
// RUN: env CCPROF_OUT=%t0.out CCPROF_EVENTS=alloc %t0
// RUN: %metrics %t0.out --events alloc_calls alloc_bytes free_calls | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs -pthread
// RUN: env CCPROF_OUT=%t2.out CCPROF_EVENTS=alloc %t2
// RUN: %metrics %t2.out --events alloc_calls alloc_bytes free_calls | FileCheck %s
//
// Off by default: no events, no metric records.
// RUN: env CCPROF_OUT=%t2.off %t2
// RUN: %metrics %t2.off --events | FileCheck %s --check-prefix=OFF
// OFF: events (none)
// OFF-NOT: {{.}}
//
// CHECK: events alloc
// CHECK-NEXT: aligned alloc_bytes 256
// CHECK-NEXT: aligned alloc_calls 2
// CHECK-NEXT: calloc_7x9 alloc_bytes 63
// CHECK-NEXT: calloc_7x9 alloc_calls 1
// CHECK-NEXT: grow alloc_bytes 3000
// CHECK-NEXT: grow alloc_calls 3
// CHECK-NEXT: main free_calls 1
// CHECK-NEXT: malloc_100 alloc_bytes 1000
// CHECK-NEXT: malloc_100 alloc_calls 10
// CHECK-NEXT: release free_calls 16
// CHECK-NEXT: spawn alloc_bytes {{[0-9]+}}
// CHECK-NEXT: spawn alloc_calls {{[0-9]+}}
// CHECK-NEXT: worker alloc_bytes 8000000
// CHECK-NEXT: worker alloc_calls 2000
// CHECK-NEXT: worker free_calls 2000
// CHECK-NEXT: (unprofiled) free_calls {{[1-9][0-9]*}}
// CHECK-NOT: {{.}}
#include <pthread.h>
#include <stdlib.h>

static void *volatile sink;
static __thread void *volatile thread_sink;	/* one per worker */
static void *volatile nothing;	/* free(NULL) the compiler cannot drop */
static void *kept[16];
static int n_kept;

__attribute__((noinline)) void malloc_100(void)
{
	sink = kept[n_kept++] = malloc(100);
}

__attribute__((noinline)) void calloc_7x9(void)
{
	sink = kept[n_kept++] = calloc(7, 9);
}

/* realloc: 1000, then 2000 bytes asked for (a realloc is one call). */
__attribute__((noinline)) void grow(void)
{
	char *p = malloc(0);

	p = realloc(p, 1000);
	p = realloc(p, 2000);
	sink = kept[n_kept++] = p;
}

__attribute__((noinline)) void aligned(void)
{
	void *p = NULL;

	sink = kept[n_kept++] = aligned_alloc(64, 128);
	if (posix_memalign(&p, 64, 128) == 0)
		sink = kept[n_kept++] = p;
}

__attribute__((noinline)) void release(void)
{
	for (int i = 0; i < n_kept; i++)
		free(kept[i]);
	for (int i = n_kept; i < 16; i++)
		free(nothing);	/* a call all the same */
}

/* Two of these at once: 1000 x 4000 bytes each. */
__attribute__((noinline)) void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 1000; i++) {
		thread_sink = malloc(4000);
		free(thread_sink);
	}
	return NULL;
}

__attribute__((noinline)) void spawn(pthread_t *t)
{
	pthread_create(t, NULL, worker, NULL);
}

int main(void)
{
	pthread_t t[2];

	for (int i = 0; i < 10; i++)
		malloc_100();
	calloc_7x9();
	grow();
	aligned();
	release();
	for (int i = 0; i < 2; i++)
		spawn(&t[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	free(nothing);
	return 0;
}
