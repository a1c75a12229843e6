/*
 * meters_alloc.c - the `alloc` event: exact calls and bytes of malloc,
 * calloc, realloc, aligned_alloc, posix_memalign, memalign, valloc,
 * pvalloc, and calls of free, charged to the record `current` points to
 * (metrics.h) at the call.  C++ new and delete reach them through
 * libstdc++'s operator new and delete, and glibc's own allocations
 * (strdup, fopen's buffer, ...) through the same public symbols.
 *
 * In libccprof.so only: its definitions come before libc's in the
 * program's lookup scope, and each passes the call on to the next
 * definition (dlsym(RTLD_NEXT): libc's, or another allocator's the
 * program links after libccprof).  In a static link they would fight
 * libc.a's malloc, so libccprof.a has no meters (metrics.c says so when
 * CCPROF_EVENTS asks for them).
 *
 * With `alloc` off (the default) a call costs one test of a global and
 * an indirect jump (bench/: docs/benchmarks.md).  With it on, a relaxed
 * atomic add per metric: no lock, no call, nothing a fork child or a
 * signal handler could trip on.
 *
 * dlsym may itself allocate (its error buffer): while a thread resolves
 * the next definitions, its allocations come from a small static arena,
 * whose blocks free() ignores and realloc() copies out of.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "metrics.h"

#define WRAPPER CCPROF_EXPORT

typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);
typedef void *(*memalign_fn)(size_t, size_t);
typedef int (*posix_memalign_fn)(void **, size_t, size_t);

/* metrics.c: a static libccprof has no meters. */
const int ccprof__meters_linked = 1;

static struct {
	malloc_fn malloc;
	calloc_fn calloc;
	realloc_fn realloc;
	free_fn free;
	memalign_fn aligned_alloc;
	memalign_fn memalign;
	posix_memalign_fn posix_memalign;
	malloc_fn valloc;
	malloc_fn pvalloc;
} real;

static __thread __attribute__((tls_model("initial-exec"))) int resolving;

/* The bootstrap arena: 16-byte aligned blocks, each after a 16-byte
 * header holding its size. */
static _Alignas(16) char boot[1 << 16];
static size_t boot_used;

static int in_boot(const void *p)
{
	return (const char *)p >= boot && (const char *)p < boot + sizeof(boot);
}

static void *boot_alloc(size_t n)
{
	size_t need = 16 + ((n + 15) & ~(size_t)15);
	size_t at = __atomic_fetch_add(&boot_used, need, __ATOMIC_RELAXED);

	if (n > sizeof(boot) || at + need > sizeof(boot))
		return NULL;
	memcpy(boot + at, &n, sizeof(n));
	return boot + at + 16;
}

static size_t boot_size(const void *p)
{
	size_t n;

	memcpy(&n, (const char *)p - 16, sizeof(n));
	return n;
}

static void resolve(void)
{
	resolving = 1;
	real.calloc = (calloc_fn)dlsym(RTLD_NEXT, "calloc");
	real.realloc = (realloc_fn)dlsym(RTLD_NEXT, "realloc");
	real.free = (free_fn)dlsym(RTLD_NEXT, "free");
	real.aligned_alloc = (memalign_fn)dlsym(RTLD_NEXT, "aligned_alloc");
	real.memalign = (memalign_fn)dlsym(RTLD_NEXT, "memalign");
	real.posix_memalign =
		(posix_memalign_fn)dlsym(RTLD_NEXT, "posix_memalign");
	real.valloc = (malloc_fn)dlsym(RTLD_NEXT, "valloc");
	real.pvalloc = (malloc_fn)dlsym(RTLD_NEXT, "pvalloc");
	__atomic_store_n(&real.malloc, (malloc_fn)dlsym(RTLD_NEXT, "malloc"),
			 __ATOMIC_RELEASE);
	resolving = 0;
}

/* When the runtime starts: the next definitions, so that no later call
 * (in a signal handler, say) runs dlsym. */
void ccprof__meters_alloc_init(void)
{
	if (!real.malloc && !resolving)
		resolve();
}

/* Whether to charge this call; resolves the next definitions first. */
static inline int metering(void *fn)
{
	if (__builtin_expect(!fn, 0) && !resolving)
		resolve();
	return __builtin_expect(ccprof__events_on &
				CCPROF_EVENT_BIT(CCPROF_EV_ALLOC), 0) &&
	       !ccprof__meters_paused;
}

static void charge_alloc(size_t bytes)
{
	struct ccprof__metric_slot *s = ccprof__metric_slot_here();

	ccprof__meter_reached(CCPROF_EVENT_BIT(CCPROF_EV_ALLOC));
	ccprof__charge(s, CCPROF_M_ALLOC_CALLS, 1);
	ccprof__charge(s, CCPROF_M_ALLOC_BYTES, bytes);
}

/* The fast path of the hot four, when alloc is off and the next
 * definitions are known: one load and test of each, and a tail call
 * (bench/events.py measures what is left). */
#define ALLOC_OFF(fn)                                                   \
	__builtin_expect((fn) != NULL &&                                 \
				 !(ccprof__events_on &                   \
				   CCPROF_EVENT_BIT(CCPROF_EV_ALLOC)),   \
			 1)

static __attribute__((noinline)) void *malloc_slow(size_t n)
{
	if (metering((void *)real.malloc))
		charge_alloc(n);
	if (__builtin_expect(!real.malloc, 0))
		return boot_alloc(n);
	return real.malloc(n);
}

WRAPPER void *malloc(size_t n)
{
	malloc_fn f = real.malloc;

	if (ALLOC_OFF(f))
		return f(n);
	return malloc_slow(n);
}

/* Our malloc under a name no other library can take, so that metrics.c
 * can tell whether the program's malloc is this one. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-attributes"
extern __typeof(malloc) ccprof__malloc_wrapper
	__attribute__((alias("malloc"), visibility("hidden")));
#pragma GCC diagnostic pop

static __attribute__((noinline)) void *calloc_slow(size_t n, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		bytes = SIZE_MAX;
	if (metering((void *)real.calloc))
		charge_alloc(bytes);
	if (__builtin_expect(!real.calloc, 0))
		return bytes == SIZE_MAX ? NULL : boot_alloc(bytes); /* zeroed */
	return real.calloc(n, size);
}

WRAPPER void *calloc(size_t n, size_t size)
{
	calloc_fn f = real.calloc;

	if (ALLOC_OFF(f))
		return f(n, size);
	return calloc_slow(n, size);
}

static __attribute__((noinline)) void *realloc_slow(void *p, size_t n)
{
	if (metering((void *)real.realloc))
		charge_alloc(n);
	if (__builtin_expect(!real.realloc || in_boot(p), 0)) {
		void *q = real.malloc ? real.malloc(n) : boot_alloc(n);

		if (q && p) {
			size_t old = boot_size(p);

			memcpy(q, p, old < n ? old : n);
		}
		return q;
	}
	return real.realloc(p, n);
}

WRAPPER void *realloc(void *p, size_t n)
{
	realloc_fn f = real.realloc;

	if (ALLOC_OFF(f) && !in_boot(p))
		return f(p, n);
	return realloc_slow(p, n);
}

static __attribute__((noinline)) void free_slow(void *p)
{
	if (metering((void *)real.free)) {
		ccprof__meter_reached(CCPROF_EVENT_BIT(CCPROF_EV_ALLOC));
		ccprof__charge(ccprof__metric_slot_here(), CCPROF_M_FREE_CALLS,
			       1);
	}
	if (__builtin_expect(!real.free || in_boot(p), 0))
		return;
	real.free(p);
}

WRAPPER void free(void *p)
{
	free_fn f = real.free;

	if (ALLOC_OFF(f) && !in_boot(p))
		return f(p);
	free_slow(p);
}

WRAPPER void *aligned_alloc(size_t align, size_t n)
{
	if (metering((void *)real.aligned_alloc))
		charge_alloc(n);
	if (__builtin_expect(!real.aligned_alloc, 0))
		return align <= 16 ? boot_alloc(n) : NULL;
	return real.aligned_alloc(align, n);
}

WRAPPER void *memalign(size_t align, size_t n)
{
	if (metering((void *)real.memalign))
		charge_alloc(n);
	if (__builtin_expect(!real.memalign, 0))
		return align <= 16 ? boot_alloc(n) : NULL;
	return real.memalign(align, n);
}

WRAPPER int posix_memalign(void **out, size_t align, size_t n)
{
	if (metering((void *)real.posix_memalign))
		charge_alloc(n);
	if (__builtin_expect(!real.posix_memalign, 0)) {
		*out = align <= 16 ? boot_alloc(n) : NULL;
		return *out ? 0 : ENOMEM;
	}
	return real.posix_memalign(out, align, n);
}

WRAPPER void *valloc(size_t n)
{
	if (metering((void *)real.valloc))
		charge_alloc(n);
	if (__builtin_expect(!real.valloc, 0))
		return NULL;
	return real.valloc(n);
}

WRAPPER void *pvalloc(size_t n)
{
	if (metering((void *)real.pvalloc))
		charge_alloc(n);
	if (__builtin_expect(!real.pvalloc, 0))
		return NULL;
	return real.pvalloc(n);
}
