/*
 * threads_interpose.c - libccprof.so's pthread_create and thrd_create,
 * which start every thread of the program in threads.c's wrapper.
 *
 * thrd_create (C11 <threads.h>) is interposed too: glibc's calls its
 * internal pthread_create directly, not through the exported symbol, so
 * C11 threads would otherwise never reach the wrapper.  Ours starts a
 * pthread whose start routine calls the C11 one and returns its int as
 * the pthread result, which is how glibc's thrd_join and thrd_exit
 * carry it.
 *
 * In libccprof.so only.  A fully static executable cannot have a
 * pthread_create next to libc.a's (ours would replace it, and libc.a's
 * could then not be reached: there is no dlsym(RTLD_NEXT) there), and
 * the static libccprof.a cannot tell at link time whether libc will be
 * static; so libccprof.a does not interpose pthread_create, and threads
 * of programs linked with it are not known to the runtime (threads.c).
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

#include "runtime_internal.h"

CCPROF_EXPORT int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
				 void *(*start)(void *), void *arg)
{
	return ccprof__threads_create(thread, attr, start, arg);
}

/* The wrapper's own address, which interposition cannot change: the
 * sampler compares it with the pthread_create the program calls
 * (sampler.c, process_timer_needed). */
extern __typeof(pthread_create) ccprof__pthread_create_wrapper
	__attribute__((alias("pthread_create"), visibility("hidden"), nothrow));

struct c11_start {
	thrd_start_t func;
	void *arg;
};

static void *c11_trampoline(void *p)
{
	struct c11_start s = *(struct c11_start *)p;
	free(p);
	return (void *)(intptr_t)s.func(s.arg);
}

/* glibc's mapping of pthread error numbers to thrd_* results. */
static int c11_result(int err)
{
	switch (err) {
	case 0:
		return thrd_success;
	case ENOMEM:
	case EAGAIN:
		return thrd_nomem;
	default:
		return thrd_error;
	}
}

CCPROF_EXPORT int thrd_create(thrd_t *thr, thrd_start_t func, void *arg)
{
	struct c11_start *s = malloc(sizeof *s);
	if (!s)
		return thrd_nomem;
	s->func = func;
	s->arg = arg;
	int err = ccprof__threads_create((pthread_t *)thr, NULL,
					 c11_trampoline, s);
	if (err)
		free(s);
	return c11_result(err);
}
