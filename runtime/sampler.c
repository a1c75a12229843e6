/*
 * sampler.c - the sampler: CCPROF_HZ, CCPROF_SIGNAL, the handler, the
 * CPU-time timer.
 *
 * A POSIX timer on CLOCK_PROCESS_CPUTIME_ID (process CPU time, user +
 * system, all threads: what ITIMER_PROF measures) sends a signal at the
 * requested rate; the handler adds one tick to the record the interrupted
 * thread's __ccprof_current points to (or to the "unprofiled" record when
 * it is NULL) and one to the total.  Nothing else: no call of any kind,
 * no lock, no allocation, no errno (test/runtime checks the disassembly).
 *
 * The signal is not SIGPROF: the program keeps SIGPROF and ITIMER_PROF
 * for itself (its own profiler, gprof's -pg, a watchdog), exactly as
 * without ccprof.  The default is SIGURG, whose default action is to
 * ignore: a stray sample signal that outlives the handler (pending across
 * exec, or after a program resets every handler to SIG_DFL in a fork
 * child) does no harm, debuggers pass it silently (gdb: nostop noprint;
 * a real-time signal stops gdb), and programs rarely use it (out-of-band
 * socket data).  If SIGURG has a
 * handler at start, the highest real-time signal whose action is SIG_DFL
 * is used instead.  CCPROF_SIGNAL chooses another; a signal that already
 * has a handler is never taken over: sampling is then off (hz 0).
 *
 * The timer is not inherited by a fork child (start.c arms a new one) and
 * is deleted at exec; interpose.c also deletes it before an exec and
 * drains a signal still pending, so the new image cannot receive one.
 *
 * Two kinds of timers, one signal:
 *
 *  - the thread that started the runtime (the main thread, or a fork
 *    child's only thread), and every thread started through the
 *    pthread_create wrapper (threads.c), has a high-resolution timer of
 *    its own (CLOCK_MONOTONIC, SIGEV_THREAD_ID) at the requested rate,
 *    created by the thread itself and deleted at its exit; the handler
 *    re-arms it at a random interval around the period, so that it
 *    cannot alias with a program's loops (rearm_thread_timer).  Each of
 *    its samples adds the thread's CPU time since the previous sample,
 *    counted in periods (CLOCK_THREAD_CPUTIME_ID, with the remainder
 *    carried over), to the record `current` points to: a busy thread gets
 *    one tick per period, a sleeping one none.  This is what makes the
 *    requested rate real: the kernel checks CPU-time timers only on its
 *    scheduler tick (CONFIG_HZ, 250 on Debian's kernels), and 250 samples
 *    per CPU-second leave time shares of a short run several points off;
 *  - a CPU-time timer on the whole process (CLOCK_PROCESS_CPUTIME_ID)
 *    reaches the other threads (those the runtime does not know: the
 *    kernel sends it to a thread that is running), at most CONFIG_HZ
 *    times a second.
 *
 * A sample charges the receiving thread's own CPU time since its previous
 * sample (the high-resolution thread ignores the process timer), so
 * nothing is counted twice and `ticks` always counts periods (1/hz s) of
 * CPU time, whatever thread ran.  `samples` counts the signals that
 * charged anything: samples per CPU-second is the rate really achieved
 * (a thread only the process timer reaches gets at most CONFIG_HZ), which
 * the profile records and the reporter compares with the requested one.  Two threads may add to the same record
 * at once: the adds are atomic.
 *
 * A thread's timer state is initial-exec TLS, so the handler reads it
 * from %fs without __tls_get_addr.  A signal of a thread's timer that
 * arrives after the thread deleted it at exit (it was pending) only
 * reads that thread's TLS, still valid; the kernel sends nothing to a
 * thread that is gone.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime_internal.h"

void ccprof__on_sample(int sig, siginfo_t *info, void *ucontext);

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

/* sigev_value of each timer, to tell their signals apart. */
enum { TIMER_THREAD = 1, TIMER_PROCESS = 2 };

static struct ccprof_counters unprofiled;	/* ticks while current == NULL */
static uint64_t total_ticks;
static uint64_t total_samples;	/* signals that charged at least a tick */
/* Samples in profiled code (current set) on threads the runtime did not
 * start: under counters=thread their calls are counted in arrays the
 * runtime cannot find.  The writer warns at exit. */
static uint64_t foreign_samples;
static unsigned sample_hz;			/* requested rate, 0 = off */
static uint64_t period_ns;			/* 1e9 / sample_hz */
static int sample_signal;			/* 0 = not sampling */
static int armed, suspended;
static timer_t process_timer;

/* The calling thread's state.  Initial-exec, so that the handler reads
 * them from %fs without __tls_get_addr. */
#define CCPROF_TLS __thread __attribute__((tls_model("initial-exec")))
static CCPROF_TLS int has_thread_timer;		/* the thread has its own */
static CCPROF_TLS int thread_known;	/* started by the runtime or wrapper */
static CCPROF_TLS timer_t thread_timer;
static CCPROF_TLS uint64_t cpu_seen_ns;		/* thread CPU at last sample */
static CCPROF_TLS int64_t cpu_owed_ns;		/* carried remainder, +-period/2 */
static CCPROF_TLS uint64_t jitter_state;	/* xorshift64, odd seed */
static uint64_t thread_interval_ns;	/* period_ns, at least 100 us */

/* This thread's CPU time in ns, or 0.  No call and no errno on x86-64
 * (the handler must call nothing): the system call is made directly. */
static inline uint64_t thread_cpu_ns(void)
{
	struct timespec ts;
#if defined(__x86_64__) && defined(SYS_clock_gettime)
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_clock_gettime),
			   "D"((long)CLOCK_THREAD_CPUTIME_ID), "S"(&ts)
			 : "rcx", "r11", "memory");
	if (ret != 0)
		return 0;
#else
	int saved = errno;
	int ret = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);

	errno = saved;
	if (ret != 0)
		return 0;
#endif
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Re-arms the calling thread's timer for its next sample, at a random
 * interval uniform in [3/4, 5/4] of the mean.  A fixed interval aliases
 * with a program that repeats itself: a loop whose rounds take 39 us,
 * sampled every 1000 us (25.6 rounds), is seen at only 5 phases of its
 * round, drifting slowly, and its shares came out spread twice as wide as
 * independent samples would spread them (bench/accuracy/interleaved.c at
 * gcc -O0: w30 at 28.8-31.3% in 5 runs of 8600 samples, truth 29.9%).
 * The jitter makes each sample's phase independent; the weighting by CPU
 * time (sample_weight) keeps the ticks exact.  The cost is a system call
 * per sample that reprograms a timer: sampling at 1000 Hz took 3.6% of
 * the CPU of examples/primes.c here instead of 2.7% (medians of 9 pairs).
 * Re-arming at one sample in four, at random, cost 3.0% but left a loop
 * in step with the period (test/runtime/sampling-does-not-alias.c) at
 * 26.3-31.8% for a 29.9% truth, twice the spread of independent samples:
 * a program's 1 ms loop is common enough (a control or audio loop) to pay
 * for.  The timer is periodic as well, at the mean interval, in case a
 * re-arm fails.  A raw system call on x86-64, like thread_cpu_ns: the
 * handler calls nothing. */
static inline void rearm_thread_timer(void)
{
	struct itimerspec its;
	uint64_t x = jitter_state, next;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	jitter_state = x;
	next = thread_interval_ns / 4 * 3 +
	       (x >> 11) % (thread_interval_ns / 2 + 1);
	its.it_interval.tv_sec = (time_t)(thread_interval_ns / 1000000000u);
	its.it_interval.tv_nsec = (long)(thread_interval_ns % 1000000000u);
	its.it_value.tv_sec = (time_t)(next / 1000000000u);
	its.it_value.tv_nsec = (long)(next % 1000000000u);
#if defined(__x86_64__) && defined(SYS_timer_settime)
	{
		/* glibc's timer_t of a SIGEV_THREAD_ID timer is the kernel's
		 * timer id. */
		long ret;
		register long r10 __asm__("r10") = 0;

		__asm__ volatile("syscall"
				 : "=a"(ret)
				 : "0"((long)SYS_timer_settime),
				   "D"((long)(intptr_t)thread_timer), "S"(0L),
				   "d"(&its), "r"(r10)
				 : "rcx", "r11", "memory");
		(void)ret;
	}
#else
	{
		int saved = errno;

		timer_settime(thread_timer, 0, &its, NULL);
		errno = saved;
	}
#endif
}

/* How many periods this sample stands for: the receiving thread's CPU
 * time since its previous sample, in periods rounded to the nearest, the
 * remainder carried over.  The
 * thread with a timer of its own takes only that timer's samples, at
 * jittered intervals (rearm_thread_timer). */
static uint64_t sample_weight(const siginfo_t *info)
{
	uint64_t now;
	int64_t n;

	if (info->si_value.sival_int == TIMER_PROCESS && has_thread_timer)
		return 0; /* its own, regular, timer counts this thread */
	if (info->si_value.sival_int != TIMER_THREAD &&
	    info->si_value.sival_int != TIMER_PROCESS)
		return 0;
	if (info->si_value.sival_int == TIMER_THREAD && has_thread_timer)
		rearm_thread_timer();
	now = thread_cpu_ns();
	if (now > cpu_seen_ns)
		cpu_owed_ns += (int64_t)(now - cpu_seen_ns);
	cpu_seen_ns = now;
	/* Round to the nearest period, not down: a thread that runs about a
	 * period between samples then gets 1, 1, 1 rather than 0, 2, 0, 2
	 * from the timer's jitter. */
	n = (cpu_owed_ns + (int64_t)period_ns / 2) / (int64_t)period_ns;
	if (n < 0)
		n = 0;
	cpu_owed_ns -= n * (int64_t)period_ns;
	return (uint64_t)n;
}

void ccprof__on_sample(int sig, siginfo_t *info, void *ucontext)
{
	struct ccprof_counters *c;
	uint64_t n;

	(void)sig;
	(void)ucontext;
	if (info->si_code != SI_TIMER)
		return;		/* not our timer: kill(2), SIGURG for OOB data */
	n = sample_weight(info);
	if (!n)
		return;
	c = ccprof__current_record(
		__atomic_load_n(&__ccprof_current, __ATOMIC_RELAXED));
	if (!c)
		c = &unprofiled;
	__atomic_fetch_add(&c->ticks, n, __ATOMIC_RELAXED);
	__atomic_fetch_add(&total_ticks, n, __ATOMIC_RELAXED);
	__atomic_fetch_add(&total_samples, 1, __ATOMIC_RELAXED);
	if (!thread_known && c != &unprofiled)
		__atomic_fetch_add(&foreign_samples, 1, __ATOMIC_RELAXED);
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

static int is_default(int sig)
{
	struct sigaction old;

	if (sigaction(sig, NULL, &old) != 0)
		return 0;
	return !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
}

static int blocked_here(int sig)
{
	sigset_t cur;

	return pthread_sigmask(SIG_BLOCK, NULL, &cur) == 0 &&
	       sigismember(&cur, sig) == 1;
}

static int usable_for_sampling(int sig)
{
	return sig == SIGURG || sig == SIGPROF || sig == SIGVTALRM ||
	       sig == SIGALRM || sig == SIGUSR1 || sig == SIGUSR2 ||
	       sig == SIGWINCH || (sig >= SIGRTMIN && sig <= SIGRTMAX);
}

/* The signal to sample with, or 0 (said why). */
static int choose_signal(void)
{
	const char *s = getenv(CCPROF_ENV_SIGNAL);
	char name[32];

	if (s && *s) {
		int sig = ccprof__parse_signal(s);

		if (!usable_for_sampling(sig)) {
			ccprof__warn("ignoring %s='%s': not URG, PROF, VTALRM, "
				     "ALRM, USR1, USR2, WINCH or a real-time "
				     "signal (RTMIN+N, RTMAX-N, %d to %d); "
				     "using the default", CCPROF_ENV_SIGNAL, s,
				     SIGRTMIN, SIGRTMAX);
		} else if (!is_default(sig)) {
			ccprof__signal_name(sig, name, sizeof(name));
			ccprof__warn("%s='%s': %s already has a handler or is "
				     "ignored; sampling disabled",
				     CCPROF_ENV_SIGNAL, s, name);
			return 0;
		} else {
			return sig;
		}
	}
	if (is_default(SIGURG))
		return SIGURG;
	for (int sig = SIGRTMAX; sig >= SIGRTMIN; sig--)
		if (is_default(sig) && !blocked_here(sig))
			return sig;
	ccprof__warn("SIGURG and every real-time signal already have "
		     "handlers; sampling disabled (choose one with %s)",
		     CCPROF_ENV_SIGNAL);
	return 0;
}

static int install_handler(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ccprof__on_sample;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static int handler_is_ours(void)
{
	struct sigaction cur;

	if (sigaction(sample_signal, NULL, &cur) != 0)
		return 1;
	return (cur.sa_flags & SA_SIGINFO) &&
	       cur.sa_sigaction == ccprof__on_sample;
}

/* The high-resolution timer fires at most this often (10 kHz): each
 * signal costs several microseconds (tens on some virtual machines), and
 * at CCPROF_HZ=100000 they would take all the thread's time.  Above that
 * rate, a sample counts several periods: the unit gets finer, the cost
 * does not grow. */
#define MIN_TIMER_INTERVAL_NS 100000u

/* Creates and starts a timer on CLOCK sending the sample signal, to this
 * thread only if TID is not 0. */
static int start_timer(clockid_t clock, int which, pid_t tid, timer_t *t)
{
	uint64_t interval = tid ? thread_interval_ns : period_ns;
	struct sigevent sev;
	struct itimerspec its;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = tid ? SIGEV_THREAD_ID : SIGEV_SIGNAL;
	sev.sigev_signo = sample_signal;
	sev.sigev_value.sival_int = which;
	if (tid)
		sev.sigev_notify_thread_id = tid;
	if (timer_create(clock, &sev, t) != 0)
		return -1;
	its.it_interval.tv_sec = (time_t)(interval / 1000000000u);
	its.it_interval.tv_nsec = (long)(interval % 1000000000u);
	its.it_value = its.it_interval;
	if (timer_settime(*t, 0, &its, NULL) != 0) {
		int err = errno;

		timer_delete(*t);
		errno = err;
		return -1;
	}
	return 0;
}

/* The calling thread's own timer, if sampling is on. */
static void start_thread_timer(void)
{
	pid_t tid = (pid_t)syscall(SYS_gettid);
	struct timespec ts;

	cpu_seen_ns = thread_cpu_ns();
	cpu_owed_ns = 0;
	thread_known = 1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	jitter_state = ((uint64_t)tid << 32) ^ (uint64_t)ts.tv_nsec ^
		       ((uint64_t)ts.tv_sec << 20) ^ 0x9e3779b97f4a7c15u;
	jitter_state |= 1;	/* xorshift never leaves 0, nor reaches it */
	has_thread_timer = start_timer(CLOCK_MONOTONIC, TIMER_THREAD, tid,
				       &thread_timer) == 0;
}

static void stop_thread_timer(void)
{
	if (has_thread_timer) {
		__atomic_store_n(&has_thread_timer, 0, __ATOMIC_RELAXED);
		timer_delete(thread_timer);
	}
}

/* Both timers; the calling thread is the high-resolution one.  If its
 * timer cannot be made, the process timer samples it too. */
static int arm_timer(void)
{
	period_ns = 1000000000u / sample_hz;
	thread_interval_ns = period_ns < MIN_TIMER_INTERVAL_NS
				     ? MIN_TIMER_INTERVAL_NS : period_ns;
	if (start_timer(CLOCK_PROCESS_CPUTIME_ID, TIMER_PROCESS, 0,
			&process_timer) != 0)
		return -1;
	start_thread_timer();
	__atomic_store_n(&armed, 1, __ATOMIC_RELAXED);
	return 0;
}

/* The process timer and the calling thread's; other threads' timers are
 * theirs (exec ends those threads, and exit does not need them
 * stopped). */
static void disarm_timer(void)
{
	if (armed) {
		__atomic_store_n(&armed, 0, __ATOMIC_RELAXED);
		timer_delete(process_timer);
		stop_thread_timer();
	}
}

/* A new thread (threads.c's wrapper, in that thread): a timer of its
 * own, as the main thread has. */
void ccprof__sampler_thread_start(void)
{
	if (__atomic_load_n(&armed, __ATOMIC_RELAXED) && !has_thread_timer)
		start_thread_timer();
}

/* The thread is exiting: delete its timer. */
void ccprof__sampler_thread_stop(void)
{
	stop_thread_timer();
}

void ccprof__sampler_start(void)
{
	char name[32];

	sample_hz = parse_hz();
	if (sample_hz == 0)
		return;
	sample_signal = choose_signal();
	if (!sample_signal) {
		sample_hz = 0;
		return;
	}
	ccprof__signal_name(sample_signal, name, sizeof(name));
	if (install_handler(sample_signal) != 0) {
		ccprof__warn("cannot install the handler of %s: %s; "
			     "sampling disabled", name, strerror(errno));
		sample_hz = 0;
		sample_signal = 0;
		return;
	}
	/* The handler stays installed even if arming fails, and after the
	 * timer is stopped: a signal still pending must not meet SIG_DFL. */
	if (arm_timer() != 0) {
		ccprof__warn("cannot start the profiling timer: %s; "
			     "sampling disabled", strerror(errno));
		sample_hz = 0;
		sample_signal = 0;
	}
}

/* At exit: stop sampling, and say so if the program took the signal over
 * (its ticks after that went to the program's handler, not the profile). */
void ccprof__sampler_stop(void)
{
	char name[32];

	if (!armed)
		return;
	disarm_timer();
	if (!handler_is_ours()) {
		ccprof__signal_name(sample_signal, name, sizeof(name));
		ccprof__warn("the program replaced the handler of %s, which "
			     "ccprof samples with; samples after that were not "
			     "counted (choose another with %s)", name,
			     CCPROF_ENV_SIGNAL);
	}
}

/* Before exec: delete the timer and take a signal it may have left
 * pending, so the new image (whose action for the signal is SIG_DFL)
 * cannot receive it.  Async-signal-safe. */
void ccprof__sampler_suspend(void)
{
	static const struct timespec zero;
	sigset_t set, old;

	if (!armed)
		return;
	sigemptyset(&set);
	sigaddset(&set, sample_signal);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	disarm_timer();
	suspended = 1;
	while (sigtimedwait(&set, NULL, &zero) == sample_signal)
		;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* The exec failed: sample again. */
void ccprof__sampler_resume(void)
{
	if (!suspended)
		return;
	suspended = 0;
	arm_timer();	/* if that fails, the ticks so far are all there is */
}

/* In a fork child: timers are not inherited; arm ours again (the
 * forking thread's TLS still says it had one: it is not the child's). */
void ccprof__sampler_after_fork(void)
{
	has_thread_timer = 0;
	if (!armed)
		return;
	armed = 0;
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
	__atomic_store_n(&total_samples, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&foreign_samples, 0, __ATOMIC_RELAXED);
}

int ccprof__sampler_signal(void)
{
	return sample_hz ? sample_signal : 0;
}

unsigned ccprof__sampler_hz(void)
{
	return sample_hz;
}

uint64_t ccprof__sampler_total_ticks(void)
{
	return __atomic_load_n(&total_ticks, __ATOMIC_RELAXED);
}

uint64_t ccprof__sampler_total_samples(void)
{
	return __atomic_load_n(&total_samples, __ATOMIC_RELAXED);
}

uint64_t ccprof__sampler_foreign_samples(void)
{
	return __atomic_load_n(&foreign_samples, __ATOMIC_RELAXED);
}

uint64_t ccprof__sampler_unprofiled_ticks(void)
{
	return __atomic_load_n(&unprofiled.ticks, __ATOMIC_RELAXED);
}
