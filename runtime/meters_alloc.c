/*
 * meters_alloc.c - the `alloc` event: exact calls and bytes of malloc,
 * calloc, realloc, aligned_alloc, posix_memalign, memalign, valloc,
 * pvalloc, and calls of free, charged to the record `current` points to
 * (metrics.h) at the call; bytes only of the calls that succeeded.  C++ new and delete reach them through
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
#include <link.h>
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

#if defined(__x86_64__) && defined(__GLIBC__)
/* The addresses libccprof.so is loaded at, [lo, hi): whether a
 * definition is ours.  dladdr answered that too, but it also searches
 * the object's symbol table for the nearest name: for glibc's malloc
 * family that was 840,000 instructions at every start, 16% of an empty
 * Lua run's.  dl_iterate_phdr visits a handful of objects. */
struct own_range {
	uintptr_t lo, hi;
};

static int find_own_range(struct dl_phdr_info *info, size_t size,
			  void *data)
{
	struct own_range *r = data;
	uintptr_t me = (uintptr_t)(void *)find_own_range;
	uintptr_t lo = UINTPTR_MAX, hi = 0;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (me < lo || me >= hi)
		return 0;
	r->lo = lo;
	r->hi = hi;
	return 1;
}
#endif

/* The definition of NAME that a program built without ccprof gets: the
 * first of glibc's VERSION in the lookup scope, when that is not ours
 * (a library preloaded before libccprof, such as glibc's
 * libc_malloc_debug.so, which defines only versioned symbols: the
 * program's own unversioned references reach some of them, and its
 * blocks must be given to its free), else the next one after
 * libccprof.  Forwarding every call to the next one alone gave
 * libc_malloc_debug's free a block of libc's aligned_alloc: "free():
 * invalid pointer" under MALLOC_CHECK_=3. */
static void *next_definition(const char *name, const char *version)
{
#if defined(__x86_64__) && defined(__GLIBC__)
	struct own_range own = { 0, 0 };
	void *f = dlvsym(RTLD_DEFAULT, name, version);

	if (f && dl_iterate_phdr(find_own_range, &own) &&
	    ((uintptr_t)f < own.lo || (uintptr_t)f >= own.hi))
		return f;
#else
	(void)version;
#endif
	return dlsym(RTLD_NEXT, name);
}

static void resolve(void)
{
	resolving = 1;
	real.calloc = (calloc_fn)next_definition("calloc", "GLIBC_2.2.5");
	real.realloc = (realloc_fn)next_definition("realloc", "GLIBC_2.2.5");
	real.free = (free_fn)next_definition("free", "GLIBC_2.2.5");
	real.aligned_alloc =
		(memalign_fn)next_definition("aligned_alloc", "GLIBC_2.16");
	real.memalign = (memalign_fn)next_definition("memalign", "GLIBC_2.2.5");
	real.posix_memalign = (posix_memalign_fn)next_definition(
		"posix_memalign", "GLIBC_2.2.5");
	real.valloc = (malloc_fn)next_definition("valloc", "GLIBC_2.2.5");
	real.pvalloc = (malloc_fn)next_definition("pvalloc", "GLIBC_2.2.5");
	__atomic_store_n(&real.malloc,
			 (malloc_fn)next_definition("malloc", "GLIBC_2.2.5"),
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

/* The call, charged when it is made, to the record `current` points to
 * then (an allocator linked after libccprof may be profiled itself, and
 * move `current`); its bytes once it has succeeded (alloc_bytes): a
 * failed call allocated nothing, and charging what it asked for (SIZE_MAX,
 * a calloc overflow) made sums that wrapped or that no 64-bit signed
 * column holds.  NULL when not metering. */
static struct ccprof__metric_slot *charge_alloc_call(void)
{
	struct ccprof__metric_slot *s = ccprof__metric_slot_here();

	ccprof__charge(s, CCPROF_M_ALLOC_CALLS, 1);
	return s;
}

/* The same for malloc, calloc and realloc, which also tell the check at
 * exit (ccprof__events_check_reached) that the program's allocations
 * reach the meter.  The aligned kinds do not: a library before
 * libccprof that defines only the hot four (libc_malloc_debug.so's
 * versioned ones) leaves aligned_alloc and memalign to libccprof, and
 * one such call reaching the meter hid that the program's mallocs did
 * not (their zeros went unsaid). */
static struct ccprof__metric_slot *charge_hot_alloc_call(void)
{
	ccprof__meter_reached(CCPROF_EVENT_BIT(CCPROF_EV_ALLOC));
	return charge_alloc_call();
}

static inline void *alloc_bytes(struct ccprof__metric_slot *s, void *p,
				 size_t bytes)
{
	if (s && p)
		ccprof__charge(s, CCPROF_M_ALLOC_BYTES, bytes);
	return p;
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
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.malloc))
		s = charge_hot_alloc_call();
	if (__builtin_expect(!real.malloc, 0))
		return alloc_bytes(s, boot_alloc(n), n);
	return alloc_bytes(s, real.malloc(n), n);
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
	struct ccprof__metric_slot *s = NULL;
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		bytes = SIZE_MAX;
	if (metering((void *)real.calloc))
		s = charge_hot_alloc_call();
	if (__builtin_expect(!real.calloc, 0))
		return alloc_bytes(s, bytes == SIZE_MAX ? NULL
					   : boot_alloc(bytes), /* zeroed */
				   bytes);
	return alloc_bytes(s, real.calloc(n, size), bytes);
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
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.realloc))
		s = charge_hot_alloc_call();
	if (__builtin_expect(!real.realloc || in_boot(p), 0)) {
		void *q = real.malloc ? real.malloc(n) : boot_alloc(n);

		if (q && p) {
			size_t old = boot_size(p);

			memcpy(q, p, old < n ? old : n);
		}
		return alloc_bytes(s, q, n);
	}
	return alloc_bytes(s, real.realloc(p, n), n);
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
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.aligned_alloc))
		s = charge_alloc_call();
	if (__builtin_expect(!real.aligned_alloc, 0))
		return alloc_bytes(s, align <= 16 ? boot_alloc(n) : NULL, n);
	return alloc_bytes(s, real.aligned_alloc(align, n), n);
}

WRAPPER void *memalign(size_t align, size_t n)
{
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.memalign))
		s = charge_alloc_call();
	if (__builtin_expect(!real.memalign, 0))
		return alloc_bytes(s, align <= 16 ? boot_alloc(n) : NULL, n);
	return alloc_bytes(s, real.memalign(align, n), n);
}

WRAPPER int posix_memalign(void **out, size_t align, size_t n)
{
	struct ccprof__metric_slot *s = NULL;
	int err;

	if (metering((void *)real.posix_memalign))
		s = charge_alloc_call();
	if (__builtin_expect(!real.posix_memalign, 0)) {
		*out = align <= 16 ? boot_alloc(n) : NULL;
		err = *out ? 0 : ENOMEM;
	} else {
		err = real.posix_memalign(out, align, n);
	}
	if (err == 0)
		alloc_bytes(s, *out ? *out : (void *)out, n);
	return err;
}

WRAPPER void *valloc(size_t n)
{
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.valloc))
		s = charge_alloc_call();
	if (__builtin_expect(!real.valloc, 0))
		return NULL;
	return alloc_bytes(s, real.valloc(n), n);
}

WRAPPER void *pvalloc(size_t n)
{
	struct ccprof__metric_slot *s = NULL;

	if (metering((void *)real.pvalloc))
		s = charge_alloc_call();
	if (__builtin_expect(!real.pvalloc, 0))
		return NULL;
	return alloc_bytes(s, real.pvalloc(n), n);
}
