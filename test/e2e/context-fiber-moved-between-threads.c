// Context mode: a ucontext fiber started on one thread, continued on a
// second after the first exited, and finished on the main thread.  Its
// frames keep the nodes of the thread they first ran on; since the
// program made a fiber (libccprof.so's makecontext notes it), the trees
// of exited threads are kept, not recycled for the next thread, so the
// fiber counts on in its own nodes: every call is counted, under the
// fiber's path.  Before, the first thread's tree was recycled for the
// second thread under the fiber's frames, and a third of the calls was
// lost (or counted in another node).
//
// REQUIRES: context-mode
// RUN: %cc -O0 -pthread %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts flat %t0.out | FileCheck %s --check-prefix=FLAT
// RUN: %contexts check %t0.out
// RUN: %cc -O2 -pthread %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts flat %t2.out | FileCheck %s --check-prefix=FLAT
// RUN: %contexts paths %t2.out | FileCheck %s
// RUN: %contexts check %t2.out
// FLAT-DAG: square 3000
// FLAT-DAG: step 3000
// CHECK: resume_from;fiber_body;step 3000
// CHECK: resume_from;fiber_body;step;square 3000
#include <pthread.h>
#include <stdio.h>
#include <ucontext.h>

static ucontext_t fiber, back[3];
static volatile long total;
static char stack[1 << 16];

__attribute__((noinline)) long square(long x) { return x * x; }

__attribute__((noinline)) void step(long i) { total = total + (square(i) & 1); }

static void fiber_body(void)
{
	for (long i = 0; i < 3000; i++) {
		step(i);
		if (i % 1000 == 999)	/* back to whoever resumed it */
			swapcontext(&fiber, &back[i / 1000]);
	}
}

__attribute__((noinline)) void resume_from(int k)
{
	swapcontext(&back[k], &fiber);
}

static void *thread_main(void *k)
{
	resume_from((int)(long)k);
	return NULL;
}

int main(void)
{
	pthread_t t;

	getcontext(&fiber);
	fiber.uc_stack.ss_sp = stack;
	fiber.uc_stack.ss_size = sizeof stack;
	fiber.uc_link = NULL;
	makecontext(&fiber, fiber_body, 0);
	pthread_create(&t, NULL, thread_main, (void *)0L);
	pthread_join(t, NULL);
	pthread_create(&t, NULL, thread_main, (void *)1L);
	pthread_join(t, NULL);
	resume_from(2);
	printf("%ld\n", total);
	return 0;
}
