/*
 * sampler.c - the SIGPROF sampler: CCPROF_HZ, the handler, the timer.
 *
 * A CPU-time timer sends SIGPROF; the handler adds one tick to the record
 * the interrupted thread's __ccprof_current points to (or to the
 * "unprofiled" record when it is NULL) and one to the total.  Nothing
 * else: no locks, no allocation, no stdio; errno is preserved.
 *
 * The timer is a POSIX timer on CLOCK_PROCESS_CPUTIME_ID (process CPU
 * time, user + system, like ITIMER_PROF), not setitimer(ITIMER_PROF): an
 * interval timer survives execve while the SIGPROF handler does not, so a
 * program that execs would kill the new image with "Profiling timer
 * expired"; POSIX timers are deleted at exec.  setitimer is the fallback
 * when timer_create is unavailable.  Neither is inherited by a fork child;
 * start.c re-arms in the child.
 *
 * The kernel checks CPU-time timers on its scheduler tick (CONFIG_HZ, 250
 * on Debian's kernels), so the achieved rate is at most CONFIG_HZ samples
 * per CPU-second whatever rate is asked for.
 *
 * The runtime never takes SIGPROF from someone else: if the signal already
 * has a handler, or ITIMER_PROF is already armed, sampling stays off.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "runtime_internal.h"

enum timer_kind { TIMER_NONE, TIMER_POSIX, TIMER_ITIMER };

static struct ccprof_counters unprofiled;	/* ticks while current == NULL */
static uint64_t total_ticks;
static unsigned sample_hz;			/* requested rate, 0 = off */
static enum timer_kind armed_kind;
static timer_t posix_timer;

static void on_sigprof(int sig, siginfo_t *info, void *ucontext)
{
	int saved_errno = errno;
	struct ccprof_counters *c;

	(void)sig;
	(void)info;
	(void)ucontext;
	c = __atomic_load_n(&__ccprof_current, __ATOMIC_RELAXED);
	if (!c)
		c = &unprofiled;
	__atomic_fetch_add(&c->ticks, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&total_ticks, 1, __ATOMIC_RELAXED);
	errno = saved_errno;
}

/* CCPROF_HZ: unset or empty means the default; otherwise decimal digits
 * only, 0 to CCPROF_MAX_HZ. */
static unsigned parse_hz(void)
{
	const char *s = getenv(CCPROF_ENV_HZ);
	unsigned long v = 0;

	if (!s || !*s)
		return CCPROF_DEFAULT_HZ;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			goto bad;
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > CCPROF_MAX_HZ)
			goto bad;
	}
	return (unsigned)v;
bad:
	ccprof__warn("ignoring %s='%s': not an integer from 0 to %u; "
		     "using %u", CCPROF_ENV_HZ, s, CCPROF_MAX_HZ,
		     CCPROF_DEFAULT_HZ);
	return CCPROF_DEFAULT_HZ;
}

static int sigprof_has_handler(void)
{
	struct sigaction old;

	if (sigaction(SIGPROF, NULL, &old) != 0)
		return 0;
	return old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN;
}

static int sigprof_handler_is_ours(void)
{
	struct sigaction cur;

	if (sigaction(SIGPROF, NULL, &cur) != 0)
		return 1;
	return (cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == on_sigprof;
}

static int itimer_prof_armed(void)
{
	struct itimerval it;

	if (getitimer(ITIMER_PROF, &it) != 0)
		return 0;
	return it.it_value.tv_sec != 0 || it.it_value.tv_usec != 0;
}

static int install_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigprof;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	return sigaction(SIGPROF, &sa, NULL);
}

static int arm_posix_timer(long interval_ns)
{
	struct sigevent sev;
	struct itimerspec its;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGPROF;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &posix_timer) != 0)
		return -1;
	its.it_interval.tv_sec = interval_ns / 1000000000;
	its.it_interval.tv_nsec = interval_ns % 1000000000;
	its.it_value = its.it_interval;
	if (timer_settime(posix_timer, 0, &its, NULL) != 0) {
		int err = errno;

		timer_delete(posix_timer);
		errno = err;
		return -1;
	}
	armed_kind = TIMER_POSIX;
	return 0;
}

static int arm_itimer(long interval_ns)
{
	struct itimerval it;
	long us = interval_ns / 1000 ? interval_ns / 1000 : 1;

	it.it_interval.tv_sec = us / 1000000;
	it.it_interval.tv_usec = us % 1000000;
	it.it_value = it.it_interval;
	if (setitimer(ITIMER_PROF, &it, NULL) != 0)
		return -1;
	armed_kind = TIMER_ITIMER;
	return 0;
}

static int arm_timer(void)
{
	long interval_ns = 1000000000L / (long)sample_hz;

	if (arm_posix_timer(interval_ns) == 0)
		return 0;
	return arm_itimer(interval_ns);
}

static void disarm_timer(void)
{
	static const struct itimerval off;

	if (armed_kind == TIMER_POSIX)
		timer_delete(posix_timer);
	else if (armed_kind == TIMER_ITIMER)
		setitimer(ITIMER_PROF, &off, NULL);
	armed_kind = TIMER_NONE;
}

void ccprof__sampler_start(void)
{
	sample_hz = parse_hz();
	if (sample_hz == 0)
		return;
	if (sigprof_has_handler()) {
		ccprof__warn("SIGPROF already has a handler; sampling disabled");
		sample_hz = 0;
		return;
	}
	if (itimer_prof_armed()) {
		ccprof__warn("ITIMER_PROF is already armed; sampling disabled");
		sample_hz = 0;
		return;
	}
	if (install_handler() != 0) {
		ccprof__warn("cannot install the SIGPROF handler: %s; "
			     "sampling disabled", strerror(errno));
		sample_hz = 0;
		return;
	}
	/* The handler stays installed even if arming fails, and after the
	 * timer is stopped: a SIGPROF still pending must not meet SIG_DFL,
	 * whose action is to terminate the process. */
	if (arm_timer() != 0) {
		ccprof__warn("cannot start the profiling timer: %s; "
			     "sampling disabled", strerror(errno));
		sample_hz = 0;
	}
}

/* At exit: stop sampling, and say so if the program took the signal over
 * (its ticks after that went to its own handler, not to the profile). */
void ccprof__sampler_stop(void)
{
	if (armed_kind == TIMER_NONE)
		return;
	disarm_timer();
	if (!sigprof_handler_is_ours())
		ccprof__warn("the program replaced the SIGPROF handler; "
			     "samples after that were not counted");
}

/* In a fork child: timers are not inherited; arm ours again. */
void ccprof__sampler_after_fork(void)
{
	if (armed_kind == TIMER_NONE)
		return;
	armed_kind = TIMER_NONE;
	if (arm_timer() != 0) {
		ccprof__warn("cannot restart the profiling timer in the forked "
			     "child: %s; sampling disabled", strerror(errno));
		sample_hz = 0;
	}
}

void ccprof__sampler_reset_counts(void)
{
	__atomic_store_n(&unprofiled.ticks, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&total_ticks, 0, __ATOMIC_RELAXED);
}

unsigned ccprof__sampler_hz(void)
{
	return sample_hz;
}

uint64_t ccprof__sampler_total_ticks(void)
{
	return __atomic_load_n(&total_ticks, __ATOMIC_RELAXED);
}

uint64_t ccprof__sampler_unprofiled_ticks(void)
{
	return __atomic_load_n(&unprofiled.ticks, __ATOMIC_RELAXED);
}
