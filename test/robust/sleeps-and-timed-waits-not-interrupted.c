// Sampling never cuts a sleep or a timed wait short: after some CPU work,
// nanosleep, clock_nanosleep, select, poll, epoll_wait, sigtimedwait,
// pthread_cond_timedwait and pause (ended by the program's own alarm)
// return exactly as in the plain build, none with EINTR, in the main
// thread and in 8 threads at once, at 1000 and 10000 Hz.  Samples come
// from each thread's CPU clock, which stands still while it sleeps (a
// monotonic timer woke every sleeper at the sampling rate, and Linux does
// not restart these calls after a handler).
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: %plain_cc -O1 -I%S/Inputs %s -o %t.plain -lpthread
// RUN: %t.plain > %t.want
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=1000 %t > %t.got1000
// RUN: diff %t.want %t.got1000
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=10000 %t > %t.got10000
// RUN: diff %t.want %t.got10000
// RUN: FileCheck %s < %t.got10000
// CHECK: main: nanosleep 0, clock_nanosleep 0, select 0, poll 0, epoll_wait 0, sigtimedwait EAGAIN, cond_timedwait ETIMEDOUT, pause EINTR after alarm
// CHECK: 8 threads: nanosleep 0, clock_nanosleep 0, select 0, poll 0, epoll_wait 0, sigtimedwait EAGAIN, cond_timedwait ETIMEDOUT

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "robust.h"

#define NAP_MS 30

static const char *rc(int r)
{
	static __thread char buf[32];

	if (r == 0)
		return "0";
	if (r == -1 && errno == EINTR)
		return "EINTR";
	if (r == -1 && errno == EAGAIN)
		return "EAGAIN";
	snprintf(buf, sizeof(buf), "%d/%s", r, strerror(errno));
	return buf;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static const char *const wait_names[] = {
	"nanosleep", "clock_nanosleep", "select", "poll", "epoll_wait",
	"sigtimedwait", "cond_timedwait",
};

/* Names wait I in EARLY if it took less than its NAP_MS. */
static void note_early(char *early, size_t size, int i, double took)
{
	size_t len = strlen(early);

	if (took < NAP_MS - 1)
		snprintf(early + len, size - len, " (%s returned after %.1f ms)",
			 wait_names[i], took);
}

/* Each wait after 20 ms of CPU, so that samples are due; a wait that
 * returns early is reported even if it returned 0. */
static void waits(char *out, size_t size)
{
	struct timespec ts = { 0, NAP_MS * 1000000L };
	struct timeval tv = { 0, NAP_MS * 1000L };
	struct timespec abs;
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_condattr_t ca;
	pthread_cond_t c;
	sigset_t usr1;
	int ep = epoll_create1(EPOLL_CLOEXEC), n = 0;
	struct epoll_event ev;
	const char *r[7];
	double t0;
	char early[128] = "";

	/* The condition variable waits on the monotonic clock, which the
	 * waits are timed with: a step of the wall clock (a virtual machine
	 * resumed) would end a CLOCK_REALTIME wait early in any build. */
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&c, &ca);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);

#define TIMED(expr)                                         \
	do {                                                \
		robust_burn_cpu_ms(20);                     \
		t0 = now_ms();                              \
		r[n] = rc(expr);                            \
		note_early(early, sizeof(early), n++, now_ms() - t0); \
	} while (0)
	TIMED(nanosleep(&ts, NULL));
	TIMED(clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL) == 0 ? 0 : (errno = EINTR, -1));
	TIMED(select(0, NULL, NULL, NULL, &tv));
	TIMED(poll(NULL, 0, NAP_MS));
	TIMED(epoll_wait(ep, &ev, 1, NAP_MS));
	TIMED(sigtimedwait(&usr1, NULL, &ts));
	robust_burn_cpu_ms(20);
	/* The start before the deadline is computed: a thread preempted
	 * between the two (a loaded machine) waited less than NAP_MS after a
	 * later start, and was reported early in any build. */
	t0 = now_ms();
	clock_gettime(CLOCK_MONOTONIC, &abs);
	abs.tv_nsec += NAP_MS * 1000000L;
	if (abs.tv_nsec >= 1000000000L) {
		abs.tv_sec++;
		abs.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&m);
	{
		int e = pthread_cond_timedwait(&c, &m, &abs);

		note_early(early, sizeof(early), 6, now_ms() - t0);
		snprintf(out, size, "nanosleep %s, clock_nanosleep %s, "
			 "select %s, poll %s, epoll_wait %s, sigtimedwait %s, "
			 "cond_timedwait %s%s", r[0], r[1], r[2], r[3], r[4],
			 r[5], e == ETIMEDOUT ? "ETIMEDOUT" : strerror(e),
			 early);
	}
	pthread_mutex_unlock(&m);
	pthread_cond_destroy(&c);
	pthread_condattr_destroy(&ca);
	close(ep);
}

static char results[8][512];

static void *thread_main(void *arg)
{
	char *out = arg;

	waits(out, sizeof(results[0]));
	return NULL;
}

static volatile sig_atomic_t alarmed;

static void on_alarm(int sig)
{
	(void)sig;
	alarmed = 1;
}

int main(void)
{
	char mine[512];
	pthread_t t[8];
	struct itimerval it = { { 0, 0 }, { 0, NAP_MS * 1000 } };
	struct sigaction sa;
	int r, same = 1;

	waits(mine, sizeof(mine));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	robust_burn_cpu_ms(20);
	setitimer(ITIMER_REAL, &it, NULL);
	r = pause();
	printf("main: %s, pause %s%s\n", mine, rc(r),
	       alarmed ? " after alarm" : " before alarm");

	for (int i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, thread_main, results[i]);
	for (int i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	for (int i = 1; i < 8; i++)
		if (strcmp(results[i], results[0]) != 0) {
			same = 0;
			printf("thread %d: %s\n", i, results[i]);
		}
	printf("%s: %s\n", same ? "8 threads" : "thread 0", results[0]);
	return 0;
}
