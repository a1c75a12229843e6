/*
 * perf_events.c - the sampled events of CCPROF_EVENTS: page faults,
 * context switches, CPU migrations (perf software events) and cycles,
 * instructions, cache and branch misses (hardware events), each a
 * per-thread perf_event_open event opened like the task clock
 * (perf_clock.c: high, close-on-exec, held by a one-page mapping,
 * within the descriptor budget) whose overflow sends the sample signal
 * to its thread (context switches and migrations only count, and are
 * charged at the thread's CPU samples: perf_events.h says why).  The
 * handler (sampler.c, perf_events.h) reads the event's count and charges
 * what it counted since its previous charge to the record `current`
 * designates, so the totals are exact: a thread's exit charges the rest.
 *
 * At start each wanted event is tried once: one the machine cannot count
 * is said in one line (hardware events on a virtual machine without a
 * PMU; context switches and migrations, which happen in the kernel,
 * under perf_event_paranoid 2) and left off, so the profile never lists
 * a metric that was not measured.  They need the sample signal: with
 * sampling off (CCPROF_HZ=0) they are off too, and said so.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "file_calls.h"
#include "metrics.h"
#include "perf_events.h"
#include "runtime_internal.h"

static const struct {
	unsigned char event;	/* CCPROF_EV_* */
	unsigned char metric;	/* CCPROF_M_* */
	uint32_t type;
	uint64_t config;
	uint64_t period;	/* a signal every so many */
} kinds[CCPROF_N_PERF_KINDS] = {
	{ CCPROF_EV_FAULTS, CCPROF_M_FAULTS, PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_PAGE_FAULTS, 16 },
	{ CCPROF_EV_CSWITCH, CCPROF_M_CSWITCHES, PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CONTEXT_SWITCHES, 1 },
	{ CCPROF_EV_MIGRATIONS, CCPROF_M_MIGRATIONS, PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CPU_MIGRATIONS, 1 },
	{ CCPROF_EV_CYCLES, CCPROF_M_CYCLES, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CPU_CYCLES, 1000000 },
	{ CCPROF_EV_INSTRUCTIONS, CCPROF_M_INSTRUCTIONS, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_INSTRUCTIONS, 1000000 },
	{ CCPROF_EV_CACHE_MISSES, CCPROF_M_CACHE_MISSES, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_MISSES, 10000 },
	{ CCPROF_EV_BRANCH_MISSES, CCPROF_M_BRANCH_MISSES, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_MISSES, 10000 },
};

const unsigned char ccprof__ev_at_sample[CCPROF_N_PERF_KINDS] = {
	0, 1, 1, 0, 0, 0, 0,	/* cswitch, migrations (perf_events.h) */
};

const unsigned char ccprof__ev_metric[CCPROF_N_PERF_KINDS] = {
	CCPROF_M_FAULTS, CCPROF_M_CSWITCHES, CCPROF_M_MIGRATIONS,
	CCPROF_M_CYCLES, CCPROF_M_INSTRUCTIONS, CCPROF_M_CACHE_MISSES,
	CCPROF_M_BRANCH_MISSES,
};

__thread int ccprof__ev_fd1[CCPROF_N_PERF_KINDS]
	__attribute__((tls_model("initial-exec")));
__thread uint64_t ccprof__ev_seen[CCPROF_N_PERF_KINDS]
	__attribute__((tls_model("initial-exec")));
static __thread uint64_t ev_id[CCPROF_N_PERF_KINDS]
	__attribute__((tls_model("initial-exec")));

static unsigned events_open;	/* event bits the threads open */
static unsigned n_refused;	/* threads some event was refused to */

#ifndef PERF_FLAG_FD_CLOEXEC
#define PERF_FLAG_FD_CLOEXEC (1UL << 3)
#endif

static const char *why_not(const char *name, uint32_t type, int err)
{
	(void)name;
	if (type == PERF_TYPE_HARDWARE && (err == ENOENT || err == EOPNOTSUPP ||
					   err == ENODEV))
		return "this machine has no hardware performance counters "
		       "(a virtual machine without a virtual PMU?)";
	if (err == EACCES || err == EPERM)
		return "not permitted here (perf_event_paranoid: context "
		       "switches and migrations happen in the kernel, which "
		       "needs 1 or less)";
	return ccprof__strerror(err);
}

/* Can the calling thread count kind K?  0 or an errno.  Counting only
 * (no period, no signal), closed at once. */
static int trial(int k)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = kinds[k].type;
	attr.config = kinds[k].config;
	attr.disabled = 1;
	attr.exclude_kernel = kinds[k].type != PERF_TYPE_SOFTWARE ||
			      kinds[k].config == PERF_COUNT_SW_PAGE_FAULTS;
	attr.exclude_hv = 1;
	fd = (int)ccprof__raw(SYS_perf_event_open, &attr, 0, -1, -1,
			      PERF_FLAG_FD_CLOEXEC, 0);
	if (fd < 0)
		return -fd;
	ccprof__sys_close(fd);
	return 0;
}

unsigned ccprof__perf_events_start(unsigned want)
{
	unsigned ok = 0;

	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++) {
		const char *name = ccprof__event_names[kinds[k].event];
		int err;

		if (!(want & CCPROF_EVENT_BIT(kinds[k].event)))
			continue;
		err = trial(k);
		if (err) {
			ccprof__warn("%s='%s': %s cannot be counted: %s; not "
				     "recorded", CCPROF_ENV_EVENTS,
				     getenv(CCPROF_ENV_EVENTS), name,
				     why_not(name, kinds[k].type, err));
			continue;
		}
		ok |= CCPROF_EVENT_BIT(kinds[k].event);
	}
	events_open = ok;
	return ok;
}

void ccprof__perf_events_thread_start(int sig)
{
	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++) {
		int fd;

		ccprof__ev_fd1[k] = 0;
		ccprof__ev_seen[k] = 0;
		if (!(events_open & CCPROF_EVENT_BIT(kinds[k].event)) || !sig)
			continue;
		fd = ccprof__perf_event_open(ccprof__ev_at_sample[k] ? 0 : sig,
					     kinds[k].type, kinds[k].config,
					     ccprof__ev_at_sample[k]
						     ? 0 : kinds[k].period,
					     &ev_id[k]);
		if (fd < 0) {
			__atomic_fetch_add(&n_refused, 1, __ATOMIC_RELAXED);
			continue;
		}
		__atomic_store_n(&ccprof__ev_fd1[k], fd + 1, __ATOMIC_RELAXED);
	}
}

/* The thread ends (or execs): what its events counted since their last
 * signal goes to where it is now. */
void ccprof__perf_events_thread_stop(void)
{
	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++) {
		int fd = ccprof__ev_fd1[k] - 1;

		if (fd < 0)
			continue;
		if (ccprof__perf_clock_is_ours(fd, ev_id[k]))
			ccprof__perf_event_charge(k);
		__atomic_store_n(&ccprof__ev_fd1[k], 0, __ATOMIC_RELAXED);
		ccprof__perf_clock_close(fd, ev_id[k], NULL);
	}
}

/* In a fork child: perf_clock.c closed the parent's descriptors; the
 * sampler opens the child's. */
void ccprof__perf_events_after_fork(void)
{
	for (int k = 0; k < CCPROF_N_PERF_KINDS; k++) {
		ccprof__ev_fd1[k] = 0;
		ccprof__ev_seen[k] = 0;
	}
}

/* Sampled events need the sample signal: without it (CCPROF_HZ=0) the
 * perf events are closed, and one warning names them with OTHERS, the
 * bits of the other sampled events that are off too (wall). */
unsigned ccprof__perf_events_check(int sig, unsigned others)
{
	unsigned off = others | (sig ? 0 : events_open);
	char names[256];

	if (off)
		ccprof__events_string(off, names, sizeof(names));
	if (off)
		ccprof__warn("%s='%s': %s %s sampled with the sample signal, "
			     "and sampling is off; not recorded",
			     CCPROF_ENV_EVENTS, getenv(CCPROF_ENV_EVENTS),
			     names, strchr(names, ',') ? "are" : "is");
	if (!sig)
		events_open = 0;
	return events_open;
}
