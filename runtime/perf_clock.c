/*
 * perf_clock.c - the per-thread CPU clock that drives sampling: a
 * perf_event_open software event, PERF_COUNT_SW_TASK_CLOCK, one per
 * thread, whose overflow sends the sample signal to that thread.
 *
 * The task clock runs only while its thread is on a CPU, and the kernel
 * drives it with a high-resolution timer, so it reaches 1000 Hz and more
 * (CPU-time POSIX timers are only checked on the scheduler tick).  A
 * sleeping thread's clock stands still: it is never woken, and its
 * nanosleep, select, poll or timed wait is never cut short by EINTR.
 *
 * Each event is a file descriptor, kept out of the program's way:
 *
 *  - close-on-exec (PERF_FLAG_FD_CLOEXEC) and not inherited by child
 *    threads or processes (attr.inherit = 0); a fork child closes the
 *    copies it got (ccprof__perf_clock_after_fork);
 *  - moved high (F_DUPFD_CLOEXEC from 3/4 of min(RLIMIT_NOFILE, 1024)),
 *    so that the program's next open() still returns the number it
 *    expects;
 *  - at most a quarter of RLIMIT_NOFILE (and 4096) of them: a thread
 *    beyond that budget samples with the timer fallback (sampler.c), and
 *    the writer says so at exit;
 *  - the event also has a one-page mapping (its perf_event_mmap_page, no
 *    ring buffer), which holds the event open: a program that closes
 *    every descriptor (closefrom, a daemon starting) keeps being sampled,
 *    since the signal's routing belongs to the open file, not to the
 *    descriptor, and si_fd still names the number it had.  The thread
 *    that starts the runtime, and the events of CCPROF_EVENTS, map it
 *    when they open the event; a thread the program starts maps it at
 *    its first sample (perf_clock.h), so that a short thread pays for
 *    neither the mapping nor its removal;
 *  - closed at thread exit only if the descriptor is still this event
 *    (PERF_EVENT_IOC_ID): a program that closed it may have reused the
 *    number for a file of its own; the page is unmapped only if it is
 *    still the event's (checked in /proc/self/maps when the descriptor
 *    is gone, the one case where the program could have touched it).
 *
 * Everything a new thread does here is a raw system call (raw_syscall.h)
 * and the table below is guarded by a spin lock, not a pthread mutex: the
 * thread wrapper runs this before the program's start routine, which
 * under ThreadSanitizer is TSan's own thread start, and TSan's
 * interceptors of close, fcntl or pthread_mutex_lock fault on a thread it
 * has not set up yet (clang 22: SEGV in __tsan::SlotLock at the first
 * thread start).  A descriptor the sanitizers never saw opened they do
 * not see closed either.
 *
 * The overflow signal: F_SETSIG to the sample signal, F_SETOWN_EX with
 * F_OWNER_TID to the thread, O_ASYNC.  It arrives with si_code POLL_IN
 * and si_fd the event's descriptor, which is how the handler knows it.
 * exclude_kernel is set: perf_event_paranoid 2 requires it of
 * unprivileged users, and a sample is then only taken while the thread
 * runs in user mode, so the signal is never made pending in the middle of
 * a system call (where it would interrupt a sleep the call is about to
 * start).  CPU time spent in the kernel is not lost: each sample charges
 * the thread's whole CPU time since its previous one (sampler.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "file_calls.h"
#include "perf_clock.h"
#include "raw_syscall.h"
#include "runtime_internal.h"

#ifndef F_SETSIG
#define F_SETSIG 10
#endif
#ifndef F_SETOWN_EX
#define F_SETOWN_EX 15
#define F_OWNER_TID 0
struct f_owner_ex {
	int type;
	pid_t pid;
};
#endif
#ifndef PERF_FLAG_FD_CLOEXEC
#define PERF_FLAG_FD_CLOEXEC (1UL << 3)
#endif

#define MAX_EVENTS 4096		/* the budget's upper bound */

struct event_slot {
	int fd;
	uint64_t id;
	void *page;		/* the keep-alive mapping, or NULL */
};

/* Every open event of the process, so that a fork child can close the
 * copies of its parent's; and their number, against the budget. */
static struct event_slot events[MAX_EVENTS];
static int n_events;
static int events_lock;		/* a spin lock: see the header comment */

static void lock_events(void)
{
	while (__atomic_exchange_n(&events_lock, 1, __ATOMIC_ACQUIRE))
		ccprof__raw(SYS_sched_yield, 0, 0, 0, 0, 0, 0);
}

static void unlock_events(void)
{
	__atomic_store_n(&events_lock, 0, __ATOMIC_RELEASE);
}

static void raw_close(int fd)
{
	ccprof__raw(SYS_close, fd, 0, 0, 0, 0, 0);
}

static long raw_fcntl(int fd, int cmd, long arg)
{
	return ccprof__raw(SYS_fcntl, fd, cmd, arg, 0, 0, 0);
}

static int fd_floor = -1, fd_budget;

size_t ccprof__perf_page_bytes;

static void compute_placement(void)
{
	struct rlimit rl;	/* the kernel's struct rlimit64 on LP64 */
	rlim_t cur = 1024;

	if (ccprof__raw(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, &rl, 0, 0) == 0)
		cur = rl.rlim_cur == RLIM_INFINITY ? (rlim_t)1 << 20
						   : rl.rlim_cur;
	/* sysconf is no system call */
	ccprof__perf_page_bytes = (size_t)sysconf(_SC_PAGESIZE);
	fd_floor = (int)((cur < 1024 ? cur : 1024) / 4 * 3);
	fd_budget = (int)(cur / 4 < MAX_EVENTS ? cur / 4 : MAX_EVENTS);
}

/* Moves FD to the first free number at or above the floor; the new
 * descriptor, or a negative errno (FD is then closed). */
static int move_high(int fd)
{
	int high = (int)raw_fcntl(fd, F_DUPFD_CLOEXEC, fd_floor);

	raw_close(fd);
	return high;
}

/* 0, or a negative errno. */
static long route_signal(int fd, int sig)
{
	struct f_owner_ex owner;
	long err;

	owner.type = F_OWNER_TID;
	owner.pid = ccprof__self_tid();
	if ((err = raw_fcntl(fd, F_SETOWN_EX, (long)&owner)) < 0 ||
	    (err = raw_fcntl(fd, F_SETSIG, sig)) < 0)
		return err;
	/* No F_GETFL first: a new event's only status flag is O_RDWR, and
	 * F_SETFL changes only O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME and
	 * O_NONBLOCK.  O_ASYNC last: from then on an overflow signals. */
	err = raw_fcntl(fd, F_SETFL, O_RDWR | O_ASYNC | O_NONBLOCK);
	return err < 0 ? err : 0;
}

static int take_slot(int fd, uint64_t id)
{
	int ok = 0;

	lock_events();
	if (n_events < fd_budget && n_events < MAX_EVENTS) {
		events[n_events].fd = fd;
		events[n_events].id = id;
		events[n_events].page = NULL;
		n_events++;
		ok = 1;
	}
	unlock_events();
	return ok;
}

static void set_page(int fd, uint64_t id, void *page)
{
	lock_events();
	for (int i = 0; i < n_events; i++)
		if (events[i].fd == fd && events[i].id == id)
			events[i].page = page;
	unlock_events();
}

/* Forgets the event; its page, or NULL. */
static void *drop_slot(int fd, uint64_t id)
{
	void *page = NULL;

	lock_events();
	for (int i = 0; i < n_events; i++)
		if (events[i].fd == fd && events[i].id == id) {
			page = events[i].page;
			events[i] = events[--n_events];
			break;
		}
	unlock_events();
	return page;
}

/* The number in hex at the start of LINE (a mapping's first address). */
static unsigned long line_start(const char *line)
{
	unsigned long v = 0;

	for (;; line++) {
		if (*line >= '0' && *line <= '9')
			v = v * 16 + (unsigned long)(*line - '0');
		else if (*line >= 'a' && *line <= 'f')
			v = v * 16 + (unsigned long)(*line - 'a' + 10);
		else
			return v;
	}
}

/* Whether PAGE is still mapped from a perf event (/proc/self/maps names
 * it "anon_inode:[perf_event]").  Read with system calls, not stdio: the
 * program's fopen or open is not called (file_calls.h).  A line longer
 * than the buffer (a long path) is skipped: the event's is short. */
static int page_still_event(void *page)
{
	char buf[4096];
	size_t len = 0;
	ssize_t n;
	int fd, found = 0, skip = 0;

	fd = ccprof__sys_open("/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	while ((n = ccprof__sys_read(fd, buf + len, sizeof(buf) - 1 - len)) > 0) {
		char *line = buf, *end = buf + len + n, *nl;

		while ((nl = memchr(line, '\n', (size_t)(end - line)))) {
			*nl = '\0';
			if (!skip && line_start(line) == (unsigned long)page) {
				found = strstr(line, "[perf_event]") != NULL;
				goto done;
			}
			skip = 0;
			line = nl + 1;
		}
		len = (size_t)(end - line);
		if (len == sizeof(buf) - 1) {
			skip = 1;
			len = 0;
		} else {
			memmove(buf, line, len);
		}
	}
done:
	ccprof__sys_close(fd);
	return found;
}

int ccprof__perf_clock_is_ours(int fd, uint64_t id)
{
	uint64_t got = 0;

	return fd >= 0 &&
	       ccprof__raw(SYS_ioctl, fd, PERF_EVENT_IOC_ID, &got, 0, 0, 0) ==
		       0 &&
	       got == id;
}

/* Opens, places and routes an event (the work of both entry points
 * below); HOLD_NOW maps its keep-alive page now.  The event counts from
 * its opening (no PERF_EVENT_IOC_ENABLE, a system call less): it sends
 * no signal until route_signal has set O_ASYNC, and an overflow before
 * that, a period after the opening, would only be lost, its time charged
 * by the next sample (sampler.c) or its count by the next charge
 * (perf_events.c). */
static int open_event(int sig, uint32_t type, uint64_t config,
		      uint64_t period, uint64_t *id, int hold_now)
{
	struct perf_event_attr attr;
	long fd, err;
	void *page;

	if (fd_floor < 0)
		compute_placement();
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = config;
	attr.sample_period = period;
	attr.disabled = 0;
	attr.exclude_kernel = !(type == PERF_TYPE_SOFTWARE &&
				(config == PERF_COUNT_SW_CONTEXT_SWITCHES ||
				 config == PERF_COUNT_SW_CPU_MIGRATIONS));
	attr.exclude_hv = 1;
	attr.wakeup_events = 1;
	fd = ccprof__raw(SYS_perf_event_open, &attr, 0, -1, -1,
			 PERF_FLAG_FD_CLOEXEC, 0);
	if (fd < 0)
		return (int)fd;
	fd = move_high((int)fd);
	if (fd < 0)
		return -EMFILE;
	err = ccprof__raw(SYS_ioctl, fd, PERF_EVENT_IOC_ID, id, 0, 0, 0);
	if (err == 0 && sig)
		err = route_signal((int)fd, sig);
	if (err < 0) {
		raw_close((int)fd);
		return (int)err;
	}
	if (!take_slot((int)fd, *id)) {
		raw_close((int)fd);
		return -EMFILE;
	}
	/* The keep-alive page; without it (perf_event_mlock_kb spent) the
	 * descriptor alone holds the event. */
	if (hold_now && (page = ccprof__perf_clock_hold((int)fd, *id)))
		set_page((int)fd, *id, page);
	return (int)fd;
}

/* The calling thread's task clock; HOLD_NOW: map its page now, or else
 * the sampler does at the thread's first sample. */
int ccprof__perf_clock_open(int sig, uint64_t first_ns, uint64_t *id,
			    int hold_now)
{
	return open_event(sig, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			  first_ns, id, hold_now);
}

/* Any per-thread event whose overflow every PERIOD sends SIG to the
 * calling thread, held as the task clock is (perf_events.c opens the
 * sampled events of CCPROF_EVENTS with it); with SIG 0 and PERIOD 0, an
 * event that only counts.  Context switches and
 * migrations happen in the kernel: they are counted with exclude_kernel
 * off, which perf_event_paranoid 2 refuses (EACCES). */
int ccprof__perf_event_open(int sig, uint32_t type, uint64_t config,
			    uint64_t period, uint64_t *id)
{
	return open_event(sig, type, config, period, id, 1);
}

/* 1 if the event was still held (by its descriptor or its page), 0 if
 * the program had closed it and it had no page.  HELD_PAGE: the page the
 * thread mapped at its first sample, or NULL. */
int ccprof__perf_clock_close(int fd, uint64_t id, void *held_page)
{
	int saved = errno, ours = ccprof__perf_clock_is_ours(fd, id);
	void *page = drop_slot(fd, id);
	int held = ours;

	if (!page)
		page = held_page;
	if (page && (ours || page_still_event(page))) {
		ccprof__raw(SYS_munmap, page, ccprof__perf_page_bytes, 0, 0, 0,
			    0);
		held = 1;
	}
	if (ours)
		raw_close(fd);
	errno = saved;
	return held;
}

/* In a fork child (one thread): the descriptors of the parent's events
 * are copies the child does not want; close those still ours.  (Their
 * pages are not inherited: the kernel maps them VM_DONTCOPY.) */
void ccprof__perf_clock_after_fork(void)
{
	events_lock = 0;
	for (int i = 0; i < n_events; i++)
		if (ccprof__perf_clock_is_ours(events[i].fd, events[i].id))
			raw_close(events[i].fd);
	n_events = 0;
}
