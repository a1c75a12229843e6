/*
 * threads_interpose.c - libccprof.so's pthread_create, which starts every
 * thread of the program in threads.c's wrapper.
 *
 * In libccprof.so only.  A fully static executable cannot have a
 * pthread_create next to libc.a's (ours would replace it, and libc.a's
 * could then not be reached: there is no dlsym(RTLD_NEXT) there), and
 * the static libccprof.a cannot tell at link time whether libc will be
 * static; so libccprof.a does not interpose pthread_create, and threads
 * of programs linked with it are not known to the runtime (threads.c).
 */
#include <pthread.h>

#include "runtime_internal.h"

CCPROF_EXPORT int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
				 void *(*start)(void *), void *arg)
{
	return ccprof__threads_create(thread, attr, start, arg);
}
