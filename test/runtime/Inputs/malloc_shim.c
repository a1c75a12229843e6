/* malloc_shim.c - a malloc of another library, passed on to libc's
 * (test/runtime/events-other-malloc-first-says-so.c). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

void *malloc(size_t n)
{
	static void *(*next)(size_t);

	if (!next)
		next = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	return next(n);
}
