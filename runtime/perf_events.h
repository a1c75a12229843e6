/*
 * perf_events.h - what the sampling handler needs of the sampled events
 * of CCPROF_EVENTS (perf_events.c): each thread's descriptors, and the
 * charge of an overflow signal, inline so that the handler still calls
 * nothing (one raw read(2) of the event's count).
 *
 * Page faults and the hardware events signal their overflows: they
 * happen while the thread runs in user mode, so the signal never lands
 * in a system call.  Context switches and migrations happen in the
 * kernel, as the thread blocks: an overflow signal there would cut its
 * sleep short (EINTR), so those events only count, and each of the
 * thread's CPU samples charges what they counted since the previous one
 * to the function it finds running.
 */
#ifndef CCPROF_PERF_EVENTS_H
#define CCPROF_PERF_EVENTS_H

#include <sys/syscall.h>

#include "metrics.h"
#include "raw_syscall.h"

#define CCPROF_N_PERF_KINDS 7	/* perf_events.c's kinds[] */

/* The calling thread's events: descriptor + 1 (0: none), and the count
 * charged so far. */
extern __thread int ccprof__ev_fd1[CCPROF_N_PERF_KINDS]
	__attribute__((tls_model("initial-exec")));
extern __thread uint64_t ccprof__ev_seen[CCPROF_N_PERF_KINDS]
	__attribute__((tls_model("initial-exec")));
extern const unsigned char ccprof__ev_metric[CCPROF_N_PERF_KINDS];
/* 1 for the events that only count, charged at the thread's samples. */
extern const unsigned char ccprof__ev_at_sample[CCPROF_N_PERF_KINDS];

/* Charges event K's count since its last charge to the record `current`
 * designates. */
static inline void ccprof__perf_event_charge(int k)
{
	uint64_t count = 0;

	long n = ccprof__raw_syscall3(SYS_read, ccprof__ev_fd1[k] - 1,
				      (long)&count, sizeof(count));

	if (n >= 0) {	/* the runtime's own: not stdio's (metrics.h) */
		ccprof__vfs_seen.rc++;
		ccprof__vfs_seen.rb += (uint64_t)n;
	}
	if (n != (long)sizeof(count) || count <= ccprof__ev_seen[k])
		return;
	ccprof__charge(ccprof__metric_slot_here(),
		       (enum ccprof__metric)ccprof__ev_metric[k],
		       count - ccprof__ev_seen[k]);
	ccprof__ev_seen[k] = count;
}

/* If FD is one of the calling thread's sampled events: charge it, 1. */
static inline int ccprof__perf_events_take(int fd)
{
	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++)
		if (ccprof__ev_fd1[k] == fd + 1 && fd >= 0) {
			ccprof__perf_event_charge(k);
			return 1;
		}
	return 0;
}

/* At one of the thread's own samples: the counting events' counts since
 * the previous sample, to the record `current` designates. */
static inline void ccprof__perf_events_at_sample(void)
{
	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++)
		if (ccprof__ev_at_sample[k] && ccprof__ev_fd1[k])
			ccprof__perf_event_charge(k);
}

#endif /* CCPROF_PERF_EVENTS_H */
