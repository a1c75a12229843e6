/*
 * sampler.c - the sampler: CCPROF_HZ, CCPROF_SIGNAL, CCPROF_CLOCK, the
 * handler, and what samples each thread.
 *
 * Each thread the runtime knows (the one that started it, and every
 * thread started through the pthread_create wrapper, threads.c) has a
 * source of its own that sends it the sample signal as its clock runs:
 *
 *  - by default its task-clock event (perf_clock.c): the thread's CPU
 *    time, in user mode, driven by a high-resolution timer, so it reaches
 *    the requested rate; a thread is never woken while it sleeps, and so
 *    its nanosleep, select, poll or timed wait is never cut short;
 *  - where that is refused (perf_event_paranoid 3, seccomp) or out of
 *    budget, or with CCPROF_CLOCK=cpu-timer, a POSIX timer on its CPU
 *    clock (CLOCK_THREAD_CPUTIME_ID, SIGEV_THREAD_ID), which the kernel
 *    checks only on its tick: at most CONFIG_HZ samples per CPU-second;
 *    and that timer too, instead of the task clock, while the thread
 *    blocks often (switch_source: the task clock's timer costs at every
 *    context switch; CCPROF_CLOCK=cpu-perf keeps the task clock);
 *  - with CCPROF_CLOCK=wall, a POSIX timer on CLOCK_MONOTONIC: blocked
 *    time is charged too, and sleeps are interrupted (the one mode where
 *    that is the point).
 *
 * Each sample charges the receiving thread's clock time since its
 * previous sample (CPU time; wall time in wall mode), counted in periods
 * with the remainder carried over, to the record `current` points to: so
 * `ticks` always counts periods (1/hz s), whatever thread ran and however
 * few samples reached it.  `samples` counts the signals that charged
 * anything: samples per CPU-second is the rate really achieved, which the
 * profile records with the clock used and the reporter compares with the
 * requested one.  The handler re-arms the source at a random interval
 * around the period, so that samples cannot alias with a program's loops.
 *
 * Threads the runtime does not know have no source.  Where they may exist
 * (the program's pthread_create is not the wrapper; threads predate the
 * runtime) a CPU-time timer on the whole process samples them, at most
 * CONFIG_HZ times a second; it is not armed otherwise, because the
 * kernel may deliver a process-directed signal to a sleeping thread.
 *
 * The handler does nothing but that: no call of any kind, no lock, no
 * allocation, no errno (raw system calls, raw_syscall.h; test/runtime
 * checks the disassembly).  It is called by the handler installed for
 * the signal, signal_chain.c's, which gives any other signal to the
 * program's own action for it.  Every other signal is blocked while it runs,
 * so that a program's own SIGPROF handler never sees libccprof's PC.
 * Two threads may add to the same record at once: the adds are atomic.
 *
 * The signal is not SIGPROF: the program keeps SIGPROF and ITIMER_PROF
 * for itself (its own profiler, gprof's -pg, a watchdog), exactly as
 * without ccprof.  The default is SIGURG, whose default action is to
 * ignore: a stray sample signal that outlives the handler (pending across
 * exec, or after a program resets every handler to SIG_DFL in a fork
 * child) does no harm, debuggers pass it silently (gdb: nostop noprint;
 * a real-time signal stops gdb), and programs rarely use it (out-of-band
 * socket data).  If SIGURG has a handler at start, the highest real-time
 * signal whose action is SIG_DFL is used instead.  CCPROF_SIGNAL chooses
 * another; a signal that already has a handler is never taken over:
 * sampling is then off (hz 0).
 *
 * Sources are not inherited by a fork child (start.c sets up new ones)
 * and are gone at exec; interpose.c also stops them before an exec and
 * drains a signal still pending, so the new image cannot receive one.
 * A thread's state is initial-exec TLS, so the handler reads it from %fs
 * without __tls_get_addr; a signal of a thread's source that arrives
 * after the thread stopped it at exit only reads that thread's TLS, still
 * valid; the kernel sends nothing to a thread that is gone.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "file_calls.h"
#include "perf_clock.h"
#include "perf_events.h"
#include "raw_syscall.h"
#include "runtime_internal.h"
#include "sample_weight.h"

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

/* sigev_value of each timer, to tell their signals apart. */
enum { TIMER_THREAD = 1, TIMER_PROCESS = 2, TIMER_WALL = 3 };

/* What samples a thread. */
enum source {
	SOURCE_NONE,		/* only the process timer reaches it */
	SOURCE_PERF,		/* its task-clock event (perf_clock.c) */
	SOURCE_CPU_TIMER,	/* its CLOCK_THREAD_CPUTIME_ID timer */
	SOURCE_WALL_TIMER,	/* its CLOCK_MONOTONIC timer (CCPROF_CLOCK=wall) */
};

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
static enum ccprof__clock clock_asked;		/* CCPROF_CLOCK */
static int armed, suspended;
static int has_process_timer;		/* process_timer_needed() */
static timer_t process_timer;

/* How the threads were sampled, for the profile's `clock` record and the
 * warnings at exit. */
static unsigned n_perf_threads, n_timer_threads, n_budget_threads;
/* Threads that got no source at all (timer_create refused too, as by a
 * seccomp filter), and the first refusal's errno. */
static unsigned n_unsampled_threads;
static int timer_refused;
static unsigned n_lost_threads;		/* their event was closed */
static int perf_refused;		/* errno of the first refusal */

/* The calling thread's state.  Initial-exec, so that the handler reads
 * them from %fs without __tls_get_addr. */
#define CCPROF_TLS __thread __attribute__((tls_model("initial-exec")))
static CCPROF_TLS int thread_source;		/* enum source */
static CCPROF_TLS int thread_known;	/* started by the runtime or wrapper */
static CCPROF_TLS int perf_fd = -1;
static CCPROF_TLS int retired_perf_fd = -1;	/* the last one stopped */
static CCPROF_TLS uint64_t perf_id;
/* The event's keep-alive page, when the thread mapped it at its first
 * sample (perf_clock.h); page_wanted until then. */
static CCPROF_TLS void *perf_page;
static CCPROF_TLS int page_wanted;
static CCPROF_TLS int source_lost;	/* the process timer took over */
static CCPROF_TLS timer_t thread_timer;
/* What thread_timer names: nothing, the thread's live timer, or one
 * deleted (whose signal, still pending, is known as ours). */
enum { TIMER_NONE, TIMER_LIVE, TIMER_DELETED };
static CCPROF_TLS int thread_timer_state;
static CCPROF_TLS pid_t thread_tid;
/* The task clock set aside while the thread blocks often (see
 * BLOCKS_OFTEN_NS): its context switches, and its CPU time, at the last
 * check; and whether it ever was. */
static CCPROF_TLS uint64_t switches_seen, switches_seen_ns;
static CCPROF_TLS int ever_on_tick;
static unsigned n_tick_threads;		/* threads that ever were */
static CCPROF_TLS uint64_t seen_ns;		/* clock at last sample */
static CCPROF_TLS int64_t owed_ns;		/* carried remainder, within +-period */
static CCPROF_TLS uint64_t jitter_state;	/* xorshift64, odd seed */
/* The seeds' source: the monotonic clock when the runtime starts (or a
 * fork child restarts it), and the threads started since. */
static uint64_t jitter_base, jitter_threads;
/* CCPROF_EVENTS=wall: the thread's monotonic timer, and its clock at its
 * last sample and carried remainder, as for the CPU clock. */
static CCPROF_TLS int has_wall_timer;
static CCPROF_TLS timer_t wall_timer;
static CCPROF_TLS uint64_t wall_seen_ns;
static CCPROF_TLS int64_t wall_owed_ns;
static uint64_t thread_interval_ns;	/* period_ns, at least 100 us */

/* The clock a thread's samples are weighted by: its CPU time, or in wall
 * mode the monotonic clock.  In ns, or 0. */
static inline uint64_t weighing_clock_ns(void)
{
	struct timespec ts;
	clockid_t c = thread_source == SOURCE_WALL_TIMER
			      ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;

	if (ccprof__raw_clock_gettime(c, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The next interval of the thread's own source, uniform in [1/2, 3/2] of
 * the mean.  A fixed interval aliases with a program that repeats itself:
 * a loop whose rounds take 39 us, sampled every 1000 us (25.6 rounds), is
 * seen at only 5 phases of its round, drifting slowly, and its shares
 * came out spread twice as wide as independent samples would spread them
 * (bench/accuracy/interleaved.c at gcc -O0: w30 at 28.8-31.3% in 5 runs
 * of 8600 samples, truth 29.9%).  The jitter makes each sample's phase
 * independent; the weighting by the thread's clock (sample_weight) keeps
 * the ticks exact.  The cost is a system call per sample that reprograms
 * the source.  Re-arming at one sample in four, at random, cost less but
 * left a loop in step with the period (test/runtime/sampling-does-not-
 * alias.c) at 26.3-31.8% for a 29.9% truth: a program's 1 ms loop is
 * common enough (a control or audio loop) to pay for.
 * The width: [3/4, 5/4] still let a phase of about one period drift only
 * a quarter period per sample, so consecutive samples were correlated;
 * Froyd's program at -O2 (a and b alternate every 0.54 ms, the period
 * 1 ms) put a:b 3.8 points (rms, 30 runs of 1000 samples; worst 8.4)
 * off its measured split, 1.4 (worst 3.1) with [1/2, 3/2], 2.0 with
 * [1/10, 19/10].  Wider intervals weigh samples less evenly, which costs
 * a little on programs with long phases: [1/2, 3/2] is the compromise
 * (docs/runtime.md). */
static inline uint64_t jitter_next(void)
{
	uint64_t x = jitter_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	jitter_state = x;
	return x >> 11;
}

static inline uint64_t next_interval_ns(void)
{
	return thread_interval_ns / 2 +
	       jitter_next() % (thread_interval_ns + 1);
}

/* Arms the thread's timer to fire after NEXT ns of its clock, and
 * periodically at the mean interval after that, in case a re-arm fails:
 * 0, or a negative errno. */
static inline long arm_thread_timer(uint64_t next)
{
	struct itimerspec its;

	its.it_interval.tv_sec = (time_t)(thread_interval_ns / 1000000000u);
	its.it_interval.tv_nsec = (long)(thread_interval_ns % 1000000000u);
	its.it_value.tv_sec = (time_t)(next / 1000000000u);
	its.it_value.tv_nsec = (long)(next % 1000000000u);
	return ccprof__raw_timer_settime(thread_timer, &its);
}

/* Re-arms the calling thread's own source for its next sample (the
 * task-clock event keeps the period it is given).  Raw system calls: the
 * handler calls nothing. */
static inline void rearm_own_source(void)
{
	uint64_t next = next_interval_ns();

	if (thread_source == SOURCE_PERF)
		ccprof__raw_ioctl(perf_fd, PERF_EVENT_IOC_PERIOD, &next);
	else
		arm_thread_timer(next);
}

/* A thread whose own source has charged nothing for this much of its CPU
 * time has lost it (the program closed the event's descriptor: a daemon
 * closing every file, closefrom): the process timer samples it from then
 * on.  Long enough that a stretch in the kernel, where the task clock
 * takes no samples, does not count. */
#define LOST_SOURCE_NS 200000000u

/* Whether the signal comes from one of the runtime's timers: the
 * calling thread's own, or the process timer (a program's timer with
 * the same signal and value is not). */
static inline int from_our_timer(const siginfo_t *info)
{
	int id = info->si_timerid;

	switch (info->si_value.sival_int) {
	case TIMER_THREAD:
		return thread_timer_state != TIMER_NONE &&
		       id == (int)(intptr_t)thread_timer;
	case TIMER_PROCESS:
		return has_process_timer && id == (int)(intptr_t)process_timer;
	case TIMER_WALL:
		return has_wall_timer && id == (int)(intptr_t)wall_timer;
	}
	return 0;
}

/* Whether a POLL_IN or POLL_HUP signal comes from the calling thread's
 * task-clock event, running or stopped (one can still be pending when
 * the thread stops its source at exit, or the process at its end). */
static inline int from_our_event(const siginfo_t *info)
{
	return info->si_fd >= 0 &&
	       (info->si_fd == perf_fd || info->si_fd == retired_perf_fd);
}

/* Which signal is this, for the calling thread: 1 if it is a sample of
 * its own source or of the process timer that it should take, 0 if not
 * (not ours, or the process timer on a thread that has its own). */
static inline int takes_sample(const siginfo_t *info, uint64_t *now)
{
	if (info->si_code == SI_TIMER) {
		int which = info->si_value.sival_int;

		if (which == TIMER_THREAD)
			return thread_source == SOURCE_CPU_TIMER ||
			       thread_source == SOURCE_WALL_TIMER;
		if (which != TIMER_PROCESS)
			return 0;
		if (thread_source == SOURCE_NONE || source_lost)
			return 1;
		if (thread_source != SOURCE_PERF)
			return 0;
		*now = weighing_clock_ns();
		if (*now < seen_ns + LOST_SOURCE_NS)
			return 0;
		source_lost = 1;
		return 1;
	}
	/* A task-clock overflow: F_SETSIG gives the band's si_code and the
	 * descriptor. */
	if ((info->si_code != POLL_IN && info->si_code != POLL_HUP) ||
	    thread_source != SOURCE_PERF || perf_fd < 0 ||
	    info->si_fd != perf_fd)
		return 0;
	source_lost = 0;	/* it was only a long stretch in the kernel */
	return 1;
}

/* Periods of the clock in NOW - *SEEN, the remainder carried in *OWED,
 * rounded at a random point of the period from the jitter's generator
 * (sample_weight.h says why). */
static inline uint64_t periods_since(uint64_t now, uint64_t *seen,
				     int64_t *owed)
{
	return ccprof__periods_since(now, seen, owed, period_ns,
				     jitter_next());
}

/* How many periods this sample stands for: the receiving thread's clock
 * (CPU time; monotonic time in wall mode) since its previous sample. */
static uint64_t sample_weight(uint64_t now)
{
	return periods_since(now, &seen_ns, &owed_ns);
}

/* CCPROF_EVENTS=wall: the thread's wall time since its last wall sample,
 * to the record `current` designates. */
static inline void wall_sample(void)
{
	struct timespec ts;
	uint64_t n;

	if (!has_wall_timer ||
	    ccprof__raw_clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return;
	n = periods_since((uint64_t)ts.tv_sec * 1000000000u +
				  (uint64_t)ts.tv_nsec,
			  &wall_seen_ns, &wall_owed_ns);
	if (n)
		ccprof__charge(ccprof__metric_slot_here(), CCPROF_M_WALL_TICKS,
			       n);
}

/* A thread that blocks often is sampled by a CPU-time timer instead of
 * its task clock, until it runs long stretches again.  The task clock is
 * driven by a high-resolution timer that the kernel stops each time the
 * thread leaves its CPU and starts each time it comes back: two timer
 * reprogrammings per context switch, each an exit to the hypervisor on a
 * virtual machine (about 2 us a switch on this project's 2-vCPU guest: a
 * program of two threads handing a byte back and forth through pipes
 * took 1.3 times its CPU time).  A CPU-time timer is checked on the
 * scheduler tick, which happens anyway: it costs nothing per switch, and
 * fires at most CONFIG_HZ times a CPU-second.  Each sample still
 * charges the thread's CPU time since the previous one, so nothing is
 * lost; the shares of such a thread rest on fewer samples.
 *
 * Checked at each sample, from the thread's context switches (voluntary
 * and not, getrusage RUSAGE_THREAD) and CPU time since the previous
 * check: more than one switch per BLOCKS_OFTEN_NS of CPU time sets the
 * task clock aside (it is disabled, not closed: its descriptor and page
 * stay), fewer than one per RUNS_LONG_NS takes it back.  CCPROF_CLOCK=
 * cpu-perf keeps the task clock whatever it costs. */
#define BLOCKS_OFTEN_NS 100000u		/* 10 switches per CPU-ms */
#define RUNS_LONG_NS 1000000u		/* 1 switch per CPU-ms */

/* The thread's user CPU time when its task clock last sampled it (or
 * started: for a thread the program starts, 1, its clock being at zero
 * then, so that its end still checks), from the same getrusage as the
 * switches: a task clock that stops (the program ran
 * prctl(PR_TASK_PERF_EVENTS_DISABLE), or cleared O_ASYNC on every
 * descriptor) shows as user time without samples at the thread's end
 * (stalled_check). */
static CCPROF_TLS uint64_t user_seen_ns;
static unsigned n_stalled_threads;
static uint64_t stalled_ns;

/* The thread's context switches so far, or 0; its user time into
 * user_seen_ns. */
static inline uint64_t thread_switches(void)
{
	struct rusage ru;

	if (ccprof__raw(SYS_getrusage, RUSAGE_THREAD, &ru, 0, 0, 0, 0) != 0)
		return 0;
	user_seen_ns = (uint64_t)ru.ru_utime.tv_sec * 1000000000u +
		       (uint64_t)ru.ru_utime.tv_usec * 1000u;
	return (uint64_t)ru.ru_nvcsw + (uint64_t)ru.ru_nivcsw;
}

/* At the thread's end, while its task clock is its source: user time
 * since its last sample well beyond the period means the clock stopped
 * sampling it (the task clock samples only in user mode, so time in the
 * kernel does not count here). */
static void stalled_check(void)
{
	struct rusage ru;
	uint64_t user, gap;

	if (clock_asked != CCPROF_CLOCK_CPU || !user_seen_ns ||
	    ccprof__raw(SYS_getrusage, RUSAGE_THREAD, &ru, 0, 0, 0, 0) != 0)
		return;
	user = (uint64_t)ru.ru_utime.tv_sec * 1000000000u +
	       (uint64_t)ru.ru_utime.tv_usec * 1000u;
	gap = user > user_seen_ns ? user - user_seen_ns : 0;
	if (gap < LOST_SOURCE_NS || gap < 20 * thread_interval_ns)
		return;
	__atomic_fetch_add(&n_stalled_threads, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&stalled_ns, gap, __ATOMIC_RELAXED);
}

/* The thread's CPU-time timer, created if it has none, armed for its
 * next sample: 0, or a negative errno.  Raw system calls (the handler's
 * rule). */
static inline long arm_tick_timer(void)
{
	if (thread_timer_state != TIMER_LIVE) {
		struct sigevent sev = { 0 };	/* stores, no memset call */
		int id = -1;
		long err;

		sev.sigev_value.sival_int = TIMER_THREAD;
		sev.sigev_signo = sample_signal;
		sev.sigev_notify = SIGEV_THREAD_ID;
		sev.sigev_notify_thread_id = thread_tid;
		err = ccprof__raw(SYS_timer_create, CLOCK_THREAD_CPUTIME_ID,
				  &sev, &id, 0, 0, 0);
		if (err != 0)
			return err;
		thread_timer = (timer_t)(intptr_t)id;
		thread_timer_state = TIMER_LIVE;
	}
	return arm_thread_timer(next_interval_ns());
}

static inline void switch_source(uint64_t now)
{
	uint64_t switches = thread_switches(), n, ns;

	if (!switches)
		return;
	n = switches - switches_seen;
	ns = now - switches_seen_ns;
	switches_seen = switches;
	switches_seen_ns = now;
	if (thread_source == SOURCE_PERF && n * BLOCKS_OFTEN_NS > ns) {
		if (ccprof__raw_ioctl(perf_fd, PERF_EVENT_IOC_DISABLE, 0) != 0)
			return;
		if (arm_tick_timer() != 0) {
			ccprof__raw_ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
			return;
		}
		thread_source = SOURCE_CPU_TIMER;
		if (!ever_on_tick) {
			ever_on_tick = 1;
			__atomic_fetch_add(&n_tick_threads, 1,
					   __ATOMIC_RELAXED);
		}
	} else if (thread_source == SOURCE_CPU_TIMER && perf_fd >= 0 &&
		   n * RUNS_LONG_NS < ns) {
		struct itimerspec off = { { 0, 0 }, { 0, 0 } };
		uint64_t next = next_interval_ns();

		if (ccprof__raw_ioctl(perf_fd, PERF_EVENT_IOC_PERIOD,
				      &next) != 0 ||
		    ccprof__raw_ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0) != 0)
			return;
		ccprof__raw_timer_settime(thread_timer, &off);
		thread_source = SOURCE_PERF;
	}
}

int ccprof__on_sample(int sig, siginfo_t *info, void *ucontext)
{
	struct ccprof_counters *c;
	uint64_t n, now = 0;

	(void)sig;
	(void)ucontext;
	if ((info->si_code == POLL_IN || info->si_code == POLL_HUP) &&
	    ccprof__perf_events_take(info->si_fd))
		return 1;	/* a sampled event of CCPROF_EVENTS */
	if (info->si_code == SI_TIMER ? !from_our_timer(info)
	    : (info->si_code != POLL_IN && info->si_code != POLL_HUP) ||
		      !from_our_event(info))
		return 0;	/* the program's: kill(2), SIGURG for OOB data,
				 * its own timer or O_ASYNC descriptor */
	if (info->si_code == SI_TIMER && info->si_value.sival_int == TIMER_WALL) {
		/* Also the counting events' (cswitch, migrations): a thread
		 * that mostly blocks rarely reaches a CPU sample, and its
		 * switches then all went to where it was at its next one, or
		 * to (unprofiled) at its exit; a wall sample finds it where
		 * it blocks. */
		ccprof__perf_events_at_sample();
		wall_sample();
		return 1;
	}
	if (!takes_sample(info, &now))
		return 1;	/* the process timer's on a thread with a
				 * source of its own; a stopped event's */
	ccprof__perf_events_at_sample();
	if (info->si_code != SI_TIMER ||
	    info->si_value.sival_int == TIMER_THREAD)
		rearm_own_source();
	if (!now)
		now = weighing_clock_ns();
	n = sample_weight(now);
	if (!n)
		return 1;
	c = ccprof__current_record(
		__atomic_load_n(&__ccprof_current, __ATOMIC_RELAXED));
	if (!c)
		c = &unprofiled;
	__atomic_fetch_add(&c->ticks, n, __ATOMIC_RELAXED);
	if (thread_source == SOURCE_WALL_TIMER &&
	    (ccprof__events_on & CCPROF_EVENT_BIT(CCPROF_EV_WALL)))
		ccprof__charge(ccprof__metric_slot(c == &unprofiled ? 0
					: __atomic_load_n(&c->spare[0],
							  __ATOMIC_RELAXED)),
			       CCPROF_M_WALL_TICKS, n);
	__atomic_fetch_add(&total_ticks, n, __ATOMIC_RELAXED);
	__atomic_fetch_add(&total_samples, 1, __ATOMIC_RELAXED);
	if (!thread_known && c != &unprofiled)
		__atomic_fetch_add(&foreign_samples, 1, __ATOMIC_RELAXED);
	if (page_wanted && thread_source == SOURCE_PERF &&
	    info->si_code != SI_TIMER) {
		/* After the charge, so that its two system calls count in
		 * the next sample's time, as the runtime's own work does. */
		page_wanted = 0;
		perf_page = ccprof__perf_clock_hold(perf_fd, perf_id);
	}
	if (clock_asked == CCPROF_CLOCK_CPU && perf_fd >= 0 &&
	    (thread_source == SOURCE_PERF ||
	     (thread_source == SOURCE_CPU_TIMER &&
	      info->si_code == SI_TIMER &&
	      info->si_value.sival_int == TIMER_THREAD)))
		switch_source(now);
	return 1;
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

	if (ccprof__runtime_sigaction(sig, NULL, &old) != 0)
		return 0;
	return !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
}

static int blocked_here(int sig)
{
	sigset_t cur;

	return ccprof__sys_sigmask(SIG_BLOCK, NULL, &cur) == 0 &&
	       sigismember(&cur, sig) == 1;
}

static int usable_for_sampling(int sig)
{
	return sig == SIGURG || sig == SIGPROF || sig == SIGVTALRM ||
	       sig == SIGALRM || sig == SIGUSR1 || sig == SIGUSR2 ||
	       sig == SIGWINCH || (sig >= SIGRTMIN && sig <= SIGRTMAX);
}

static void warn_unusable_signal(const char *s)
{
	ccprof__warn("ignoring %s='%s': not URG, PROF, VTALRM, ALRM, USR1, "
		     "USR2, WINCH or a real-time signal (RTMIN+N, RTMAX-N, "
		     "%d to %d); using the default", CCPROF_ENV_SIGNAL, s,
		     SIGRTMIN, SIGRTMAX);
}

/* With sampling off (CCPROF_HZ=0): CCPROF_SIGNAL is not used, but a bad
 * value is still said, as every variable's is. */
static void check_signal_value(void)
{
	const char *s = getenv(CCPROF_ENV_SIGNAL);

	if (s && *s && !usable_for_sampling(ccprof__parse_signal(s)))
		warn_unusable_signal(s);
}

/* The signal to sample with, or 0 (said why). */
static int choose_signal(void)
{
	const char *s = getenv(CCPROF_ENV_SIGNAL);
	char name[32];

	if (s && *s) {
		int sig = ccprof__parse_signal(s);

		if (!usable_for_sampling(sig)) {
			warn_unusable_signal(s);
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
	sa.sa_sigaction = ccprof__on_signal;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	/* Every other signal waits while the handler runs.  Without this, a
	 * program's own SIGPROF (gprof's -pg, a profiler of its own) that
	 * became pending with ours was delivered on top of our frame, and
	 * its handler saw the interrupted PC inside libccprof: gprof said
	 * "no time accumulated".  Blocked, it is delivered after our
	 * handler returns, with the program's own context. */
	sigfillset(&sa.sa_mask);
	return ccprof__runtime_sigaction(sig, &sa, NULL);
}

static int handler_is_ours(void)
{
	struct sigaction cur;

	if (ccprof__runtime_sigaction(sample_signal, NULL, &cur) != 0)
		return 1;
	return (cur.sa_flags & SA_SIGINFO) &&
	       cur.sa_sigaction == ccprof__on_signal;
}

/* The thread's own source fires at most this often (10 kHz): each signal
 * costs several microseconds (tens on some virtual machines), and at
 * CCPROF_HZ=100000 they would take all the thread's time.  Above that
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
	long err;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = tid ? SIGEV_THREAD_ID : SIGEV_SIGNAL;
	sev.sigev_signo = sample_signal;
	sev.sigev_value.sival_int = which;
	if (tid)
		sev.sigev_notify_thread_id = tid;
	if (ccprof__sys_timer_create(clock, &sev, t) != 0)
		return -1;
	its.it_interval.tv_sec = (time_t)(interval / 1000000000u);
	its.it_interval.tv_nsec = (long)(interval % 1000000000u);
	its.it_value = its.it_interval;
	err = ccprof__raw_timer_settime(*t, &its);
	if (err != 0) {
		ccprof__sys_timer_delete(*t);
		errno = (int)-err;
		return -1;
	}
	return 0;
}

/* The calling thread's task-clock event: 0, or -1 (the caller falls back
 * to the timer; the first refusal is remembered for the warning).
 * HOLD_NOW: map the event's keep-alive page now (the thread that starts
 * the runtime: a daemon may close every descriptor before its first
 * sample), or at the thread's first sample. */
static int start_perf_source(int hold_now)
{
	uint64_t id = 0;
	int fd = ccprof__perf_clock_open(sample_signal, next_interval_ns(),
					 &id, hold_now);

	if (fd < 0) {
		if (fd == -EMFILE)
			__atomic_fetch_add(&n_budget_threads, 1,
					   __ATOMIC_RELAXED);
		else if (!perf_refused)
			perf_refused = -fd;
		return -1;
	}
	perf_id = id;
	perf_page = NULL;
	page_wanted = !hold_now;
	if (hold_now) {
		switches_seen = thread_switches();
	} else {
		/* A new thread's counts start at zero: no getrusage. Its
		 * user time at the start is taken as none, and checked at
		 * its end (stalled_check). */
		switches_seen = 0;
		user_seen_ns = 1;
	}
	switches_seen_ns = seen_ns;
	__atomic_store_n(&perf_fd, fd, __ATOMIC_RELAXED);
	__atomic_store_n(&thread_source, SOURCE_PERF, __ATOMIC_RELAXED);
	__atomic_fetch_add(&n_perf_threads, 1, __ATOMIC_RELAXED);
	return 0;
}

/* CCPROF_EVENTS=wall: a timer on the monotonic clock, at the sampling
 * rate, whose samples charge wall time (and, like CCPROF_CLOCK=wall,
 * interrupt the thread's sleeps).  In wall mode the thread's own source
 * already follows wall time: its samples charge wall_ticks too. */
static void start_wall_timer(pid_t tid)
{
	struct timespec ts;

	has_wall_timer = 0;
	if (!(ccprof__events_on & CCPROF_EVENT_BIT(CCPROF_EV_WALL)) ||
	    clock_asked == CCPROF_CLOCK_WALL)
		return;
	ccprof__raw_clock_gettime(CLOCK_MONOTONIC, &ts);
	wall_seen_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	wall_owed_ns = 0;
	if (start_timer(CLOCK_MONOTONIC, TIMER_WALL, tid, &wall_timer) == 0)
		has_wall_timer = 1;
}

/* splitmix64's finalizer: a seed per thread from a counter. */
static uint64_t mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15u;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* The calling thread's own source, if sampling is on: the task-clock
 * event, or where that is refused (perf_event_paranoid 3, seccomp, a
 * container), out of budget or not wanted, a timer on the thread's CPU
 * clock; in wall mode a timer on the monotonic clock.  STARTS_RUNTIME:
 * the thread that starts (or, after fork or a failed exec, restarts) the
 * runtime, not one the program starts.
 *
 * A thread the program starts makes no system call here but its
 * source's (a thread's start and end cost, docs/runtime.md): its tid
 * was noted when it started (threads.c), its jitter's seed comes from
 * the runtime's and a count of threads, not from a clock, and its CPU
 * clock starts at zero, so its first sample charges its CPU time since
 * it was made (the runtime's setup of it included, as the runtime's own
 * work always is: the next sample charges it). */
static void start_thread_source(int starts_runtime)
{
	/* Raw system calls, as in perf_clock.c: under ThreadSanitizer this
	 * runs before TSan has set the thread up. */
	pid_t tid = ccprof__self_tid();
	clockid_t timer_clock = CLOCK_THREAD_CPUTIME_ID;
	int source = SOURCE_CPU_TIMER;

	thread_known = 1;
	source_lost = 0;
	perf_fd = -1;
	thread_tid = tid;
	thread_timer_state = TIMER_NONE;
	ccprof__perf_events_thread_start(sample_signal);
	start_wall_timer(tid);
	if (starts_runtime) {
		struct timespec ts;

		ccprof__raw_clock_gettime(CLOCK_MONOTONIC, &ts);
		jitter_base = (uint64_t)ts.tv_nsec ^
			      ((uint64_t)ts.tv_sec << 20) ^
			      ((uint64_t)ccprof__sys_getpid() << 40);
	}
	jitter_state = mix64(jitter_base +
			     __atomic_fetch_add(&jitter_threads, 1,
						__ATOMIC_RELAXED) *
				     0x9e3779b97f4a7c15u) ^
		       ((uint64_t)tid << 32);
	jitter_state |= 1;	/* xorshift never leaves 0, nor reaches it */
	if (clock_asked == CCPROF_CLOCK_WALL) {
		timer_clock = CLOCK_MONOTONIC;
		source = SOURCE_WALL_TIMER;
	}
	thread_source = source;	/* the weighing clock, from now on */
	seen_ns = starts_runtime || source == SOURCE_WALL_TIMER
			  ? weighing_clock_ns() : 0;
	owed_ns = 0;
	thread_source = SOURCE_NONE;
	if ((clock_asked == CCPROF_CLOCK_CPU ||
	     clock_asked == CCPROF_CLOCK_CPU_PERF) &&
	    start_perf_source(starts_runtime) == 0)
		return;
	if (start_timer(timer_clock, TIMER_THREAD, tid, &thread_timer) == 0) {
		thread_timer_state = TIMER_LIVE;
		__atomic_store_n(&thread_source, source, __ATOMIC_RELAXED);
		__atomic_fetch_add(&n_timer_threads, 1, __ATOMIC_RELAXED);
		return;
	}
	if (!timer_refused)
		timer_refused = errno;
	__atomic_fetch_add(&n_unsampled_threads, 1, __ATOMIC_RELAXED);
}

static void stop_thread_source(void)
{
	int source = thread_source;

	ccprof__perf_events_thread_stop();
	if (has_wall_timer) {
		has_wall_timer = 0;
		ccprof__sys_timer_delete(wall_timer);
	}
	if (source == SOURCE_NONE)
		return;
	if (source == SOURCE_PERF)
		stalled_check();
	/* From here no sample maps a page or switches the source (both
	 * need thread_source). */
	__atomic_store_n(&thread_source, SOURCE_NONE, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	/* The task clock, also when it was set aside for the tick timer. */
	if (perf_fd >= 0) {
		page_wanted = 0;
		retired_perf_fd = perf_fd;
		if (!ccprof__perf_clock_close(perf_fd, perf_id, perf_page))
			__atomic_fetch_add(&n_lost_threads, 1,
					   __ATOMIC_RELAXED);
		__atomic_store_n(&perf_fd, -1, __ATOMIC_RELAXED);
		perf_page = NULL;
	}
	if (thread_timer_state == TIMER_LIVE) {
		ccprof__sys_timer_delete(thread_timer);
		thread_timer_state = TIMER_DELETED;
	}
}

/* In libccprof.so only (threads_interpose.c). */
extern __typeof(pthread_create) ccprof__pthread_create_wrapper
	__attribute__((weak, visibility("hidden")));

/* Threads in the process now (/proc/self/task), or 0 if unknown.  Read
 * with getdents64, not opendir: the program's open, opendir or readdir
 * is not called (file_calls.h). */
static int count_threads(void)
{
	uint64_t buf[512];	/* struct dirent64 records, 8-byte aligned */
	ssize_t len;
	int n = 0;
	int fd = ccprof__sys_open("/proc/self/task",
				  O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

	if (fd < 0)
		return 0;
	while ((len = ccprof__sys_getdents64(fd, buf, sizeof(buf))) > 0) {
		for (ssize_t at = 0; at < len;) {
			const struct dirent64 *e =
				(const struct dirent64 *)((char *)buf + at);

			if (e->d_name[0] != '.')
				n++;
			at += e->d_reclen;
		}
	}
	ccprof__sys_close(fd);
	return len < 0 ? 0 : n;
}

/* Whether some of the program's threads may never get a source of their
 * own, so that only a process-wide CPU-time timer can sample them: the
 * program's pthread_create is not the wrapper (libccprof.a; a host that
 * dlopened the runtime, whose calls bind to libc), or threads existed
 * before the runtime started.
 *
 * The process timer is armed only then, because its signal is directed
 * at the process: the kernel gives it to the main thread, or to any
 * thread that has no signal pending, running or not, so it wakes a
 * sleeping thread and cuts its sleep short with EINTR.  Threads made by
 * clone(2) directly are not sampled when it is off; the writer says so
 * at exit if their CPU time is missing from the profile. */
static int process_timer_needed(void)
{
	void *seen = dlsym(RTLD_DEFAULT, "pthread_create");
	int n = count_threads();

	if (!&ccprof__pthread_create_wrapper ||
	    seen != (void *)&ccprof__pthread_create_wrapper)
		return 1;
	return n != 1;
}

/* The process timer, where needed, and the calling thread's source. */
static int arm(void)
{
	period_ns = 1000000000u / sample_hz;
	thread_interval_ns = period_ns < MIN_TIMER_INTERVAL_NS
				     ? MIN_TIMER_INTERVAL_NS : period_ns;
	has_process_timer = process_timer_needed();
	if (has_process_timer &&
	    start_timer(CLOCK_PROCESS_CPUTIME_ID, TIMER_PROCESS, 0,
			&process_timer) != 0)
		return -1;
	start_thread_source(1);
	if (thread_source == SOURCE_NONE && !has_process_timer) {
		/* no source at all for the thread that starts: the rest
		 * would fare no better */
		errno = timer_refused ? timer_refused : EINVAL;
		return -1;
	}
	__atomic_store_n(&armed, 1, __ATOMIC_RELAXED);
	return 0;
}

/* The process timer and the calling thread's source; other threads'
 * sources are theirs (exec ends those threads, and exit does not need
 * them stopped). */
static void disarm(void)
{
	if (armed) {
		__atomic_store_n(&armed, 0, __ATOMIC_RELAXED);
		if (has_process_timer)
			ccprof__sys_timer_delete(process_timer);
		stop_thread_source();
	}
}

/* A new thread (threads.c's wrapper, in that thread): a source of its
 * own, as the main thread has. */
void ccprof__sampler_thread_start(void)
{
	ccprof__meters_pause();
	if (__atomic_load_n(&armed, __ATOMIC_RELAXED) &&
	    thread_source == SOURCE_NONE)
		start_thread_source(0);
	ccprof__meters_resume();
}

/* The thread is exiting: stop its source. */
void ccprof__sampler_thread_stop(void)
{
	ccprof__meters_pause();
	stop_thread_source();
	ccprof__meters_resume();
}

/* CCPROF_CLOCK: cpu (the default), cpu-perf, cpu-timer, wall. */
static enum ccprof__clock parse_clock(void)
{
	const char *s = getenv(CCPROF_ENV_CLOCK);

	if (!s || !*s || strcmp(s, "cpu") == 0)
		return CCPROF_CLOCK_CPU;
	if (strcmp(s, "cpu-perf") == 0)
		return CCPROF_CLOCK_CPU_PERF;
	if (strcmp(s, "cpu-timer") == 0)
		return CCPROF_CLOCK_CPU_TIMER;
	if (strcmp(s, "wall") == 0)
		return CCPROF_CLOCK_WALL;
	ccprof__warn("ignoring %s='%s': not cpu, cpu-perf, cpu-timer or "
		     "wall; using cpu", CCPROF_ENV_CLOCK, s);
	return CCPROF_CLOCK_CPU;
}

void ccprof__sampler_start(void)
{
	char name[32];

	sample_hz = parse_hz();
	clock_asked = parse_clock();	/* a bad value is said even at hz 0 */
	if (sample_hz == 0) {
		check_signal_value();
		return;
	}
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
	ccprof__signal_chain_start(sample_signal);
	/* The handler stays installed even if arming fails, and after
	 * sampling is stopped: a signal still pending must not meet SIG_DFL. */
	if (arm() != 0) {
		ccprof__warn("cannot start the profiling timer: %s; "
			     "sampling disabled", strerror(errno));
		sample_hz = 0;
		sample_signal = 0;
	}
}

/* At exit, once: what the sampler could not do as asked. */
static void warn_sources(void)
{
	char n[24];

	if (perf_refused && n_timer_threads) {
		n[ccprof__fmt_u64(n, n_timer_threads)] = '\0';
		ccprof__say("note: the CPU-clock event was refused (",
			    ccprof__strerror(perf_refused), "; see "
			    "perf_event_paranoid): ", n, " thread(s) were "
			    "sampled by a CPU-time timer instead, at most "
			    "CONFIG_HZ samples per CPU-second "
			    "(docs/runtime.md)", (char *)NULL);
	}
	if (n_stalled_threads) {
		uint64_t cs = (stalled_ns + 5000000) / 10000000;
		char secs[32];
		size_t k = ccprof__fmt_u64(secs, cs / 100);

		secs[k++] = '.';
		secs[k++] = (char)('0' + cs % 100 / 10);
		secs[k++] = (char)('0' + cs % 10);
		secs[k] = '\0';
		n[ccprof__fmt_u64(n, n_stalled_threads)] = '\0';
		ccprof__say("warning: ", n, " thread(s) ran on without samples "
			    "at their end (", secs, " s of user CPU time): "
			    "the program stopped ccprof's "
			    "CPU-clock event (prctl PR_TASK_PERF_EVENTS_DISABLE,"
			    " or F_SETFL without O_ASYNC on its descriptor); "
			    "that time is spread over the functions sampled "
			    "before (docs/runtime.md)", (char *)NULL);
	}
	if (n_unsampled_threads) {
		n[ccprof__fmt_u64(n, n_unsampled_threads)] = '\0';
		ccprof__say("warning: ", n, " thread(s) were not sampled: "
			    "the CPU-time timer was refused (",
			    ccprof__strerror(timer_refused), "); their time "
			    "is missing from the profile (docs/runtime.md)",
			    (char *)NULL);
	}
	if (n_budget_threads) {
		n[ccprof__fmt_u64(n, n_budget_threads)] = '\0';
		ccprof__say("note: ", n, " thread(s) were sampled by a "
			    "CPU-time timer: ccprof uses at most a quarter of "
			    "RLIMIT_NOFILE for its per-thread events "
			    "(docs/runtime.md)", (char *)NULL);
	}
	if (n_lost_threads) {
		n[ccprof__fmt_u64(n, n_lost_threads)] = '\0';
		ccprof__say("warning: the program closed ccprof's sampling "
			    "descriptor in ", n, " thread(s); ",
			    has_process_timer
				    ? "those were sampled by the process CPU "
				      "timer afterwards, at most CONFIG_HZ "
				      "samples per CPU-second"
				    : "their time after that is missing from "
				      "the profile",
			    " (docs/runtime.md)", (char *)NULL);
	}
}

/* At exit: stop sampling, and say so if the program took the signal over
 * (its ticks after that went to the program's handler, not the profile). */
void ccprof__sampler_stop(void)
{
	char name[32];

	if (!armed)
		return;
	ccprof__meters_pause();
	disarm();
	ccprof__meters_resume();
	warn_sources();
	if (!handler_is_ours()) {
		ccprof__signal_name(sample_signal, name, sizeof(name));
		ccprof__warn("the program replaced the handler of %s, which "
			     "ccprof samples with; samples after that were not "
			     "counted (choose another with %s)", name,
			     CCPROF_ENV_SIGNAL);
	}
}

/* Before exec: stop the process timer and this thread's source, and take
 * a signal they may have left pending, so the new image (whose action for
 * the signal is SIG_DFL) cannot receive it.  Async-signal-safe. */
void ccprof__sampler_suspend(void)
{
	static const struct timespec zero;
	sigset_t set, old;

	if (!armed)
		return;
	sigemptyset(&set);
	sigaddset(&set, sample_signal);
	ccprof__sys_sigmask(SIG_BLOCK, &set, &old);
	disarm();
	suspended = 1;
	while (ccprof__sys_sigtimedwait(&set, NULL, &zero) == sample_signal)
		;
	ccprof__sys_sigmask(SIG_SETMASK, &old, NULL);
}

/* The exec failed: sample again. */
void ccprof__sampler_resume(void)
{
	if (!suspended)
		return;
	suspended = 0;
	arm();	/* if that fails, the ticks so far are all there is */
}

/* In a fork child: neither timers nor events are inherited (the child
 * holds copies of the parent's events' descriptors: closed); arm ours
 * again (the forking thread's TLS describes the parent's thread). */
void ccprof__sampler_after_fork(void)
{
	thread_source = SOURCE_NONE;
	perf_fd = -1;
	retired_perf_fd = -1;
	perf_page = NULL;	/* pages are not inherited (VM_DONTCOPY) */
	page_wanted = 0;
	thread_timer_state = TIMER_NONE;
	ever_on_tick = 0;
	n_tick_threads = 0;
	has_wall_timer = 0;	/* timers are not inherited */
	ccprof__perf_clock_after_fork();
	n_perf_threads = n_timer_threads = n_budget_threads = 0;
	n_unsampled_threads = n_stalled_threads = 0;
	stalled_ns = 0;
	n_lost_threads = 0;
	if (!armed)
		return;
	armed = 0;
	if (arm() != 0) {
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

/* The clock the samples measured, for the profile's `clock` record:
 * "cpu-perf" when every thread the runtime knows had its task-clock
 * event, "cpu-timer" when every one had a CPU-time timer, "cpu-mixed"
 * when some had each, "wall" in wall mode, "off" when not sampling. */
const char *ccprof__sampler_clock_name(void)
{
	if (!sample_hz)
		return "off";
	if (clock_asked == CCPROF_CLOCK_WALL)
		return "wall";
	if (n_perf_threads && (n_timer_threads || n_tick_threads))
		return "cpu-mixed";
	if (n_perf_threads)
		return "cpu-perf";
	return "cpu-timer";
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
