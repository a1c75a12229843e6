/*
 * cost.c - what one sample costs on this machine: a compute loop, alone
 * or sampled about 1000 times a CPU-second by one mechanism of its own
 * (bench/sampling.py runs each and divides the CPU time added by the
 * samples taken).
 *
 *     cost MODE ROUNDS
 *
 * MODE:
 *   none       the loop alone (or, built with ccprof, sampled by libccprof)
 *   interrupt  a task-clock perf event that overflows every 1 ms of the
 *              thread's CPU time and signals nobody: the timer interrupt
 *   signal     the same, sending SIGURG to an empty handler (F_SETSIG, as
 *              libccprof's own event does)
 *   rearm      the same, the handler re-arming the event at a random
 *              interval in [1/2, 3/2] ms (PERF_EVENT_IOC_PERIOD) and
 *              reading the thread's CPU clock, as libccprof's handler does
 *   timer      a POSIX timer on the thread's CPU clock every 1 ms, empty
 *              handler (the kernel checks it only on its tick)
 *
 * Prints "samples N" on stderr: the signals the handler took (for
 * interrupt, 0: bench/sampling.py counts the loop's CPU ms instead).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS 1000000u

static volatile unsigned long samples;
static int event_fd = -1, rearm;
static uint64_t rnd = 88172645463325252u;

static void on_sample(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)info;
	(void)uc;
	samples++;
	if (rearm) {
		struct timespec ts;
		uint64_t next;

		rnd ^= rnd << 13;
		rnd ^= rnd >> 7;
		rnd ^= rnd << 17;
		next = PERIOD_NS / 2 + rnd % (PERIOD_NS + 1);
		ioctl(event_fd, PERF_EVENT_IOC_PERIOD, &next);
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	}
}

static void handle(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sample;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL) != 0) {
		perror("sigaction");
		exit(2);
	}
}

static void open_event(int with_signal)
{
	struct perf_event_attr a;
	struct f_owner_ex owner;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = PERIOD_NS;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.wakeup_events = 1;
	a.disabled = 1;
	event_fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (event_fd < 0) {
		perror("perf_event_open");
		exit(2);
	}
	if (with_signal) {
		handle(SIGURG);
		owner.type = F_OWNER_TID;
		owner.pid = (pid_t)syscall(SYS_gettid);
		if (fcntl(event_fd, F_SETOWN_EX, &owner) != 0 ||
		    fcntl(event_fd, F_SETSIG, SIGURG) != 0 ||
		    fcntl(event_fd, F_SETFL,
			  fcntl(event_fd, F_GETFL) | O_ASYNC | O_NONBLOCK) != 0) {
			perror("fcntl");
			exit(2);
		}
	}
	ioctl(event_fd, PERF_EVENT_IOC_ENABLE, 0);
}

static void start_timer(void)
{
	struct sigevent ev;
	struct itimerspec its = {{0, PERIOD_NS}, {0, PERIOD_NS}};
	timer_t t;

	handle(SIGURG);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGURG;
	ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &t) != 0 ||
	    timer_settime(t, 0, &its, NULL) != 0) {
		perror("timer");
		exit(2);
	}
}

int main(int argc, char **argv)
{
	static volatile unsigned char data[1 << 18];
	const char *mode = argc > 1 ? argv[1] : "none";
	long rounds = argc > 2 ? atol(argv[2]) : 1000;
	unsigned long sum = 0;

	if (!strcmp(mode, "interrupt"))
		open_event(0);
	else if (!strcmp(mode, "signal"))
		open_event(1);
	else if (!strcmp(mode, "rearm")) {
		rearm = 1;
		open_event(1);
	} else if (!strcmp(mode, "timer"))
		start_timer();
	else if (strcmp(mode, "none")) {
		fprintf(stderr, "cost: unknown mode '%s' (none, interrupt, "
				"signal, rearm, timer)\n", mode);
		return 2;
	}
	for (long r = 0; r < rounds; r++)
		for (unsigned i = 0; i < sizeof(data); i += 64)
			sum += data[i]++;
	fprintf(stderr, "samples %lu\n", samples);
	return sum == 1;
}
