/*
 * metrics.c - CCPROF_EVENTS, and the slots that hold each cost centre's
 * metrics beyond calls and ticks (metrics.h says how they are found).
 *
 * CCPROF_EVENTS is a comma-separated list of event names
 * (ccprof_metrics.def; docs/runtime.md has the table).  Unset or empty:
 * nothing is on and nothing is charged; the interposed allocation and I/O
 * functions then only pass their calls on.  An unknown name is warned
 * about (naming the variable and the value) and ignored; an event the
 * machine cannot count (no hardware counters, a perf event refused) is
 * said once at start and left off, so that the profile's `events` record
 * never lists a metric that was not measured.
 *
 * Slots: chunk 0 is static (the unprofiled slot 0 and the first 4095
 * cost centres), further chunks are mmap'ed as registrations need them
 * and never freed.  New slots are handed out under the registry lock.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

#include "file_calls.h"
#include "metrics.h"

unsigned ccprof__events_on;

/* Defined by meters_alloc.c and meters_io.c, in libccprof.so only. */
extern const int ccprof__meters_linked __attribute__((weak));
extern void *ccprof__malloc_wrapper(size_t) __attribute__((weak));
extern ssize_t ccprof__read_wrapper(int, void *, size_t)
	__attribute__((weak));
extern void ccprof__meters_alloc_init(void) __attribute__((weak));
extern void ccprof__meters_io_init(void) __attribute__((weak));
extern void ccprof__meters_stdio_init(void) __attribute__((weak));

/* Does the program's FN reach our meter?  Not when another library that
 * comes first defines it (a sanitizer's runtime, an allocator linked
 * before libccprof, an LD_PRELOAD): the event is then said to be off
 * rather than recorded as zeros. */
static unsigned check_meter(unsigned on, int event, const char *fn,
			    void *ours, const char *value)
{
	void *seen;

	if (!(on & CCPROF_EVENT_BIT(event)))
		return on;
	seen = dlsym(RTLD_DEFAULT, fn);
	if (seen == ours)
		return on;
	{
		Dl_info info;
		const char *who = seen && dladdr(seen, &info) && info.dli_fname
					  ? info.dli_fname : "another library";

		ccprof__warn("%s='%s': the program's %s is %s's, which comes "
			     "before libccprof; %s not recorded",
			     CCPROF_ENV_EVENTS, value, fn, who,
			     ccprof__event_names[event]);
	}
	return on & ~CCPROF_EVENT_BIT(event);
}

static struct ccprof__metric_slot chunk0[CCPROF_SLOTS_PER_CHUNK];
struct ccprof__metric_slot *ccprof__metric_chunks[CCPROF_MAX_CHUNKS] = {
	chunk0,
};
static uint64_t n_slots = 1;	/* slot 0: unprofiled */

/* The names CCPROF_EVENTS asks for, as a mask; unknown ones warned. */
static unsigned parse_events(const char *s)
{
	unsigned mask = 0;

	while (*s) {
		const char *end = strchrnul(s, ',');
		size_t n = (size_t)(end - s);
		int e = ccprof__event_by_name(s, n);

		if (e >= 0) {
			mask |= CCPROF_EVENT_BIT(e);
		} else if (n) {
			char names[256];

			ccprof__events_string(~0u, names, sizeof(names));
			ccprof__warn("ignoring '%.*s' in %s='%s': not an event "
				     "(%s)", (int)n, s, CCPROF_ENV_EVENTS,
				     getenv(CCPROF_ENV_EVENTS), names);
		}
		s = *end ? end + 1 : end;
	}
	return mask;
}

void ccprof__events_start(void)
{
	const char *s = getenv(CCPROF_ENV_EVENTS);
	unsigned want;

	if (&ccprof__meters_linked) {	/* whether on or not */
		ccprof__meters_alloc_init();
		ccprof__meters_io_init();
		ccprof__meters_stdio_init();
	}
	if (!s || !*s)
		return;
	want = parse_events(s);
	/* The metered events are on at once; the sampled ones only if the
	 * machine has them (perf_events.c, sampler.c say why not). */
	ccprof__events_on = want & (CCPROF_EVENT_BIT(CCPROF_EV_ALLOC) |
				    CCPROF_EVENT_BIT(CCPROF_EV_IO));
	if (ccprof__events_on && !&ccprof__meters_linked) {
		ccprof__warn("%s='%s': alloc and io are metered by "
			     "libccprof.so; this program has the static "
			     "libccprof.a, so they are not recorded",
			     CCPROF_ENV_EVENTS, s);
		ccprof__events_on = 0;
	}
	ccprof__events_on = check_meter(ccprof__events_on, CCPROF_EV_ALLOC,
					"malloc", (void *)ccprof__malloc_wrapper,
					s);
	ccprof__events_on = check_meter(ccprof__events_on, CCPROF_EV_IO,
					"read", (void *)ccprof__read_wrapper, s);
	ccprof__events_on |= ccprof__perf_events_start(want);
	ccprof__events_on |= want & CCPROF_EVENT_BIT(CCPROF_EV_WALL);
}

uint64_t ccprof__metric_slot_new(void)
{
	uint64_t i, c;

	/* Lock-free: context mode's slow path (context.c) takes slots in
	 * any thread, in signal handlers too. */
	if (!ccprof__events_on)
		return 0;
	i = __atomic_fetch_add(&n_slots, 1, __ATOMIC_RELAXED);
	c = i / CCPROF_SLOTS_PER_CHUNK;
	if (c >= CCPROF_MAX_CHUNKS)
		return 0;
	if (!__atomic_load_n(&ccprof__metric_chunks[c], __ATOMIC_ACQUIRE)) {
		size_t size = CCPROF_SLOTS_PER_CHUNK *
			      sizeof(struct ccprof__metric_slot);
		void *p = ccprof__sys_mmap(NULL, size, PROT_READ | PROT_WRITE,
					   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		struct ccprof__metric_slot *none = NULL;

		if (p == MAP_FAILED)
			return 0;
		if (!__atomic_compare_exchange_n(&ccprof__metric_chunks[c],
						 &none, p, 0,
						 __ATOMIC_RELEASE,
						 __ATOMIC_ACQUIRE))
			ccprof__sys_munmap(p, size);
	}
	return i;
}

void ccprof__metric_slot_zero(uint64_t i)
{
	struct ccprof__metric_slot *s = ccprof__metric_slot(i);

	for (int m = 0; m < CCPROF_N_METRICS; m++) {
		__atomic_store_n(&s->v[m], 0, __ATOMIC_RELAXED);
		s->merged[m] = s->pending[m] = 0;
	}
}

void ccprof__metric_slot_fold(uint64_t *dst, uint64_t src)
{
	struct ccprof__metric_slot *d, *s;

	if (!src || *dst == src)
		return;
	if (!*dst) {
		*dst = src;
		return;
	}
	d = ccprof__metric_slot(*dst);
	s = ccprof__metric_slot(src);
	for (int m = 0; m < CCPROF_N_METRICS; m++) {
		__atomic_fetch_add(&d->v[m],
				   __atomic_exchange_n(&s->v[m], 0,
						       __ATOMIC_RELAXED),
				   __ATOMIC_RELAXED);
		d->merged[m] += s->merged[m];
		s->merged[m] = 0;
	}
}

unsigned ccprof__meters_reached;

/* At exit: a meter that is on but that no call reached.  The check at
 * start sees the plain symbol only: a library may define just the
 * versioned one the program binds to (libc_malloc_debug.so's
 * malloc@GLIBC_2.2.5).  Its zeros are then said, not silent. */
void ccprof__events_check_reached(void)
{
	static const struct {
		int event;
		const char *what;
	} meters[] = {
		{ CCPROF_EV_ALLOC, "no call of malloc, calloc, realloc or free "
				   "reached libccprof's meter (another "
				   "allocator before libccprof?)" },
		{ CCPROF_EV_IO, "no call of read, write, their relatives "
				"or stdio's functions reached libccprof's "
				"meter (another library before libccprof?)" },
	};
	unsigned reached = __atomic_load_n(&ccprof__meters_reached,
					   __ATOMIC_RELAXED);

	for (size_t i = 0; i < sizeof(meters) / sizeof(meters[0]); i++) {
		unsigned bit = CCPROF_EVENT_BIT(meters[i].event);

		if ((ccprof__events_on & bit) && !(reached & bit))
			ccprof__warn("%s: %s: %s; its metrics are 0",
				     CCPROF_ENV_EVENTS,
				     ccprof__event_names[meters[i].event],
				     meters[i].what);
	}
}

/* After the sampler started: the sampled events need its signal. */
void ccprof__events_check_sampler(void)
{
	unsigned metered = CCPROF_EVENT_BIT(CCPROF_EV_ALLOC) |
			   CCPROF_EVENT_BIT(CCPROF_EV_IO);
	unsigned wall = ccprof__events_on & CCPROF_EVENT_BIT(CCPROF_EV_WALL);
	int sig = ccprof__sampler_signal();

	ccprof__events_on = (ccprof__events_on & metered) | (sig ? wall : 0) |
			    ccprof__perf_events_check(sig, sig ? 0 : wall);
}

/* meters_stdio.c, in libccprof.so only. */
extern void ccprof__meters_stdio_after_fork(void) __attribute__((weak));

void ccprof__events_after_fork(void)
{
	for (uint64_t i = 0; i < n_slots; i++)
		ccprof__metric_slot_zero(i);
	ccprof__perf_events_after_fork();
	if (ccprof__meters_stdio_after_fork)
		ccprof__meters_stdio_after_fork();
}
