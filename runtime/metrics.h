/*
 * metrics.h - the metrics beyond calls and ticks (ccprof_metrics.def),
 * where they are kept, and the inline charge that meters and sampled
 * events use.
 *
 * A cost centre's record (struct ccprof_counters, ccprof_abi.h) stays a
 * small fixed header: its spare[0] holds the index of a runtime-side slot
 * (0: none, charged to the unprofiled slot, which is slot 0).  Slots are
 * given when a module registers, only while some event is on, and live
 * in chunks that are never freed, so an index stays valid through
 * dlclose (the registry's snapshot keeps it) and reloads (the reloaded
 * record takes the old slot back).  The charge reads `current`, the
 * record's slot index and adds with relaxed atomics: no call, no lock,
 * usable in a signal handler.
 */
#ifndef CCPROF_METRICS_H
#define CCPROF_METRICS_H

#include <stdint.h>

#include "runtime_internal.h"

enum ccprof__event {
#define CCPROF_EVENT(id, name, how) CCPROF_EV_##id,
#include "ccprof_metrics.def"
#undef CCPROF_EVENT
	CCPROF_N_EVENTS
};

enum ccprof__metric {
#define CCPROF_METRIC(id, name, ev) CCPROF_M_##id,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	CCPROF_N_METRICS
};

#define CCPROF_EVENT_BIT(ev) (1u << (ev))

struct ccprof__metric_slot {
	uint64_t v[CCPROF_N_METRICS];		/* the counts */
	uint64_t merged[CCPROF_N_METRICS];	/* %m: already in the file */
	uint64_t pending[CCPROF_N_METRICS];	/* %m: the write in progress */
};

#define CCPROF_SLOTS_PER_CHUNK 4096u
#define CCPROF_MAX_CHUNKS 4096u

/* Bit CCPROF_EVENT_BIT(e) set while event e is on. */
extern unsigned ccprof__events_on;
extern struct ccprof__metric_slot *ccprof__metric_chunks[CCPROF_MAX_CHUNKS];

extern const char *const ccprof__event_names[CCPROF_N_EVENTS];
extern const char *const ccprof__metric_names[CCPROF_N_METRICS];
extern const unsigned char ccprof__metric_event[CCPROF_N_METRICS];

static inline struct ccprof__metric_slot *ccprof__metric_slot(uint64_t i)
{
	struct ccprof__metric_slot *chunk;

	if (i >= (uint64_t)CCPROF_SLOTS_PER_CHUNK * CCPROF_MAX_CHUNKS)
		i = 0;
	chunk = __atomic_load_n(&ccprof__metric_chunks[i / CCPROF_SLOTS_PER_CHUNK],
				__ATOMIC_ACQUIRE);
	if (!chunk)
		return ccprof__metric_chunks[0];
	return &chunk[i % CCPROF_SLOTS_PER_CHUNK];
}

/* The slot of the record `current` designates in the calling thread, or
 * the unprofiled slot. */
static inline struct ccprof__metric_slot *ccprof__metric_slot_here(void)
{
	struct ccprof_counters *c = ccprof__current_record(
		__atomic_load_n(&__ccprof_current, __ATOMIC_RELAXED));

	return ccprof__metric_slot(
		c ? __atomic_load_n(&c->spare[0], __ATOMIC_RELAXED) : 0);
}

static inline void ccprof__charge(struct ccprof__metric_slot *s,
				  enum ccprof__metric m, uint64_t n)
{
	__atomic_fetch_add(&s->v[m], n, __ATOMIC_RELAXED);
}

/* Bit CCPROF_EVENT_BIT(e) set once a call reached event e's meter. */
extern unsigned ccprof__meters_reached;

static inline void ccprof__meter_reached(unsigned bit)
{
	if (!(__atomic_load_n(&ccprof__meters_reached, __ATOMIC_RELAXED) & bit))
		__atomic_fetch_or(&ccprof__meters_reached, bit,
				  __ATOMIC_RELAXED);
}

/* The calling thread's read and write system calls (and bytes) of the
 * kinds the kernel counts in /proc/thread-self/io (syscr, rchar, syscw,
 * wchar: read, pread, readv, preadv, write, pwrite, writev, pwritev)
 * that are accounted for already: charged by the io meter, or made by
 * the runtime itself.  meters_stdio.c charges the rest of the kernel's
 * counts, stdio's own reads and writes.  Only kept while io is on. */
struct ccprof__vfs_seen {
	uint64_t rc, rb, wc, wb;
};
extern __thread struct ccprof__vfs_seen ccprof__vfs_seen
	__attribute__((tls_model("initial-exec")));

/* metrics.c */
void ccprof__events_start(void);	/* CCPROF_EVENTS, once at start */
void ccprof__events_after_fork(void);
void ccprof__events_check_sampler(void);	/* after the sampler started */
void ccprof__events_check_reached(void);	/* at exit */	/* the child's counts start at 0 */
/* The index of a new slot for a record, or 0 when no event is on or out
 * of memory.  Registry lock held. */
uint64_t ccprof__metric_slot_new(void);
/* A reloaded module's record *dst takes over the slot of its snapshot
 * src (counts and %m baselines follow). */
void ccprof__metric_slot_fold(uint64_t *dst, uint64_t src);
void ccprof__metric_slot_zero(uint64_t i);
/* The events on, as the profile's `events` record writes them: names
 * joined by ',' into buf ("" for none). */
void ccprof__events_string(unsigned mask, char *buf, size_t size);
int ccprof__event_by_name(const char *s, size_t n);	/* -1 if unknown */
int ccprof__metric_by_name(const char *s, size_t n);	/* -1 if unknown */

#endif /* CCPROF_METRICS_H */
