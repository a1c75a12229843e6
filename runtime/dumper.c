/*
 * dumper.c - profiles written while the program runs: on a signal
 * (CCPROF_DUMP_SIGNAL) and every N seconds (CCPROF_DUMP_INTERVAL).
 *
 * Both are off by default.  When either is set, a helper thread,
 * "ccprof-dump", with every signal blocked, waits on a semaphore: the
 * dump signal's handler only posts it (sem_post is async-signal-safe; no
 * allocation, no lock, SA_RESTART so the program's system calls are
 * restarted), and the interval is the semaphore's timeout on the
 * monotonic clock.  The thread then writes the profile as ccprof_dump()
 * does ("status incomplete"; the counters keep running).  After the exit
 * write it writes nothing.  A forked child starts its own thread.
 *
 *   CCPROF_DUMP_SIGNAL    USR1, USR2 or a real-time signal (RTMIN+N,
 *                         RTMAX-N, a number); its action must be SIG_DFL
 *                         when the runtime starts
 *   CCPROF_DUMP_INTERVAL  seconds, a decimal number (0.5, 60), at least
 *                         0.01 and at most 1000000
 */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "file_calls.h"
#include "runtime_internal.h"

static sem_t wake;
static int dump_signal;
static long interval_ms;

static void on_dump_signal(int sig)
{
	int saved_errno = errno;

	(void)sig;
	sem_post(&wake);
	errno = saved_errno;
}

static void add_ms(struct timespec *t, long ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000;
	if (t->tv_nsec >= 1000000000) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000;
	}
}

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *dumper_main(void *arg)
{
	struct timespec next, now;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &next);
	add_ms(&next, interval_ms);
	for (;;) {
		int rc = interval_ms
				 ? sem_clockwait(&wake, CLOCK_MONOTONIC, &next)
				 : sem_wait(&wake);

		if (rc != 0 && errno == EINTR)
			continue;
		if (rc != 0 && errno != ETIMEDOUT)
			return NULL;
		ccprof__write_profile(CCPROF_WHY_DUMPER);
		if (rc != 0) {	/* the interval: the next one from now on */
			clock_gettime(CLOCK_MONOTONIC, &now);
			add_ms(&next, interval_ms);
			if (before(&next, &now)) {
				next = now;
				add_ms(&next, interval_ms);
			}
		}
	}
}

static int start_thread(void)
{
	pthread_attr_t attr;
	sigset_t all, old;
	pthread_t thread;
	int rc;

	if (sem_init(&wake, 0, 0) != 0)
		return errno;
	sigfillset(&all);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	ccprof__sys_sigmask(SIG_SETMASK, &all, &old);
	rc = ccprof__threads_create_real(&thread, &attr, dumper_main, NULL);
	ccprof__sys_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (rc == 0)
		pthread_setname_np(thread, "ccprof-dump");
	return rc;
}

/* "60", "0.5": milliseconds, or -1. */
static long parse_interval(const char *s)
{
	long ms = 0, scale = 1000;
	int digits = 0, dot = 0;

	for (; *s; s++) {
		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (*s < '0' || *s > '9' || ms > 1000000000L)
			return -1;
		digits++;
		if (!dot) {
			ms = ms * 10 + (*s - '0') * 1000;
		} else if (scale > 1) {
			scale /= 10;
			ms += (*s - '0') * scale;
		}
	}
	if (!digits || ms < 10 || ms > 1000000000L)
		return -1;
	return ms;
}

static int parse_dump_signal(const char *s)
{
	int sig = ccprof__parse_signal(s);
	struct sigaction old;
	char name[32];

	if (!(sig == SIGUSR1 || sig == SIGUSR2 ||
	      (sig >= SIGRTMIN && sig <= SIGRTMAX)) ||
	    sig == ccprof__sampler_signal()) {
		ccprof__warn("ignoring %s='%s': not USR1, USR2 or a real-time "
			     "signal other than the sampling signal; no dumps "
			     "on a signal", CCPROF_ENV_DUMP_SIGNAL, s);
		return 0;
	}
	if (ccprof__runtime_sigaction(sig, NULL, &old) != 0 ||
	    (old.sa_flags & SA_SIGINFO) ||
	    old.sa_handler != SIG_DFL) {
		ccprof__signal_name(sig, name, sizeof(name));
		ccprof__warn("%s='%s': %s already has a handler or is ignored; "
			     "no dumps on a signal", CCPROF_ENV_DUMP_SIGNAL, s,
			     name);
		return 0;
	}
	return sig;
}

void ccprof__dumper_start(void)
{
	const char *sig = getenv(CCPROF_ENV_DUMP_SIGNAL);
	const char *every = getenv(CCPROF_ENV_DUMP_INTERVAL);
	struct sigaction sa;
	int err;

	if (every && *every) {
		interval_ms = parse_interval(every);
		if (interval_ms < 0) {
			ccprof__warn("ignoring %s='%s': not a number of seconds "
				     "from 0.01 to 1000000; no periodic dumps",
				     CCPROF_ENV_DUMP_INTERVAL, every);
			interval_ms = 0;
		}
	}
	if (sig && *sig)
		dump_signal = parse_dump_signal(sig);
	if (!dump_signal && !interval_ms)
		return;
	err = start_thread();
	if (err) {
		ccprof__warn("cannot start the dump thread: %s; no dumps on a "
			     "signal or interval", strerror(err));
		dump_signal = 0;
		interval_ms = 0;
		return;
	}
	if (dump_signal) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_dump_signal;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		if (ccprof__runtime_sigaction(dump_signal, &sa, NULL) != 0)
			dump_signal = 0;
		else
			ccprof__signal_stand_in(dump_signal, &sa);
	}
}

/* The thread did not follow the fork; the child gets its own. */
void ccprof__dumper_after_fork(void)
{
	if (!dump_signal && !interval_ms)
		return;
	if (start_thread() != 0) {
		dump_signal = 0;
		interval_ms = 0;
	}
}

int ccprof__dumper_signal(void)
{
	return dump_signal;
}
