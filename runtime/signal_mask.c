/*
 * signal_mask.c - (libccprof.so only) a program that blocks the sample
 * signal is still sampled, and sees its mask as it set it.
 *
 * Why: a server blocks every signal in its main thread before it starts
 * its workers, so that one thread takes them all with sigwait or a
 * signalfd: every thread then blocked the sample signal (SIGURG), and
 * the profile had no tick at all (0 samples, and a warning that blamed
 * the program for stopping ccprof's event).  A thread that blocked it,
 * computed and then waited for a full set with sigwait was handed a
 * sample as if it were a signal of its own.
 *
 * What: libccprof.so defines pthread_sigmask and sigprocmask.  The
 * kernel's mask never blocks the sample signal; whether the program's
 * does is kept per thread (signal_chain.c), and the old mask a call
 * answers has the sample signal as the program set it.  A signal of the
 * program's that arrives while its mask blocks it (a kill, out-of-band
 * data) is made pending again by the handler and blocked in the mask
 * the thread returns to (signal_chain.c, keep_pending), so the program
 * takes it with sigwait, or when it unblocks, as without ccprof.  A
 * sample that comes meanwhile is pending too (in the thread's queue,
 * the program's signal may be in the process's): sigwait, sigwaitinfo
 * and sigtimedwait count it and wait on, within the timeout.  What
 * inherits the mask gets the program's: a new thread (threads.c), a new
 * image (interpose.c), and here the children of posix_spawn, system and
 * popen, made while the kernel's mask blocks the signal too.
 *
 * Otherwise the calls are glibc's: SIGCANCEL and SIGSETXID, glibc's own,
 * are never blocked; an invalid how is EINVAL and a bad pointer EFAULT
 * (the kernel reads the set and writes the old one: the runtime checks
 * both with it before it touches them).
 *
 * Not covered: a signalfd that reads the sample signal may read such a
 * sample; glibc's functions that change the mask internally
 * (sigsetjmp/siglongjmp's saved mask, sigblock, sighold, setcontext), a
 * raw rt_sigprocmask, and a static link (libc.a's sigprocmask is linked
 * anyway), where the program's mask blocks the samples as before.
 */
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#include "raw_syscall.h"
#include "runtime_internal.h"

#define SIGCANCEL_ 32	/* glibc's internal signals, never blocked */
#define SIGSETXID_ 33

/* Tells signal_chain.c that the mask functions are the runtime's. */
const int ccprof__signal_mask_wrapped = 1;

static inline uint64_t bit(int sig)
{
	return (uint64_t)1 << (sig - 1);
}

static long sys_mask(int how, const void *set, void *old)
{
	return ccprof__raw(SYS_rt_sigprocmask, how, (long)set, (long)old, 8, 0,
			   0);
}

/* pthread_sigmask's work: 0 or an error number. */
static int change_mask(int how, const sigset_t *set, sigset_t *old)
{
	int sig = ccprof__signal_sample();
	uint64_t sample = sig ? bit(sig) : 0;
	uint64_t all = ~(uint64_t)0, real = 0, view, want, s;
	long r;

	sys_mask(SIG_SETMASK, &all, &real);
	view = real | (ccprof__signal_program_blocks() ? sample : 0);
	want = view;
	if (set) {
		/* The kernel reads it first: EFAULT, as without ccprof. */
		r = sys_mask(SIG_BLOCK, set, NULL);
		if (r < 0) {
			sys_mask(SIG_SETMASK, &real, NULL);
			return (int)-r;
		}
		memcpy(&s, set, sizeof(s));
		if (how == SIG_BLOCK || how == SIG_SETMASK)
			s &= ~(bit(SIGCANCEL_) | bit(SIGSETXID_));
		if (how == SIG_BLOCK)
			want = view | s;
		else if (how == SIG_UNBLOCK)
			want = view & ~s;
		else if (how == SIG_SETMASK)
			want = s;
		else {
			sys_mask(SIG_SETMASK, &real, NULL);
			return EINVAL;
		}
		want &= ~(bit(SIGKILL) | bit(SIGSTOP));
		ccprof__signal_set_program_blocks(sample && (want & sample));
		want &= ~sample;
	} else {
		want = real;
	}
	sys_mask(SIG_SETMASK, &want, NULL);
	if (old) {
		/* The kernel writes it first: EFAULT, as without ccprof. */
		r = sys_mask(SIG_BLOCK, NULL, old);
		if (r < 0)
			return (int)-r;
		memcpy(old, &view, sizeof(view));
	}
	return 0;
}

CCPROF_EXPORT int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	return change_mask(how, set, old);
}

CCPROF_EXPORT int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	int err = change_mask(how, set, old);

	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

typedef int (*spawn_fn)(pid_t *, const char *,
			const posix_spawn_file_actions_t *,
			const posix_spawnattr_t *, char *const[], char *const[]);
typedef int (*system_fn)(const char *);
typedef FILE *(*popen_fn)(const char *, const char *);

static void *next_fn(void **slot, const char *name)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (!f) {
		f = dlsym(RTLD_NEXT, name);
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* ---- waits for signals ---- */

typedef int (*timedwait_fn)(const sigset_t *, siginfo_t *,
			    const struct timespec *);
static void *next_timedwait;

/* A sample the wait took (it came while the kernel's mask blocked the
 * sample signal: the program's own signal was kept pending): counted as
 * the handler would, with the signal blocked so that the handler cannot
 * run meanwhile.  0 if it is the program's. */
static int take_sample(int sig, siginfo_t *info)
{
	uint64_t b = bit(sig), old = 0;
	int taken;

	sys_mask(SIG_BLOCK, &b, &old);
	taken = ccprof__on_sample(sig, info, NULL);
	sys_mask(SIG_SETMASK, &old, NULL);
	return taken;
}

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* libc's sigtimedwait (a cancellation point, SI_TKILL read as SI_USER),
 * again for as long as it returns samples, within the timeout. */
static int wait_program(const sigset_t *set, siginfo_t *info,
			const struct timespec *timeout)
{
	timedwait_fn f = (timedwait_fn)next_fn(&next_timedwait,
					       "sigtimedwait");
	const struct timespec *left = timeout;
	struct timespec rest;
	siginfo_t own;
	int64_t start = 0, end;
	int sig = ccprof__signal_sample(), r;

	if (!f) {
		errno = ENOSYS;
		return -1;
	}
	if (!sig)
		return f(set, info, timeout);
	for (;;) {
		if (timeout && !start)
			start = now_ns();
		r = f(set, info ? info : &own, left);
		if (r != sig || !take_sample(sig, info ? info : &own))
			return r;
		if (!timeout)
			continue;
		/* Past the end: once more without waiting, for a signal
		 * of the program's pending behind the sample. */
		end = start + (int64_t)timeout->tv_sec * 1000000000 +
		      timeout->tv_nsec - now_ns();
		if (end < 0)
			end = 0;
		rest.tv_sec = (time_t)(end / 1000000000);
		rest.tv_nsec = (long)(end % 1000000000);
		left = &rest;
	}
}

CCPROF_EXPORT int sigtimedwait(const sigset_t *set, siginfo_t *info,
			       const struct timespec *timeout)
{
	return wait_program(set, info, timeout);
}

CCPROF_EXPORT int sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	return wait_program(set, info, NULL);
}

/* glibc's: never EINTR; the error number returned. */
CCPROF_EXPORT int sigwait(const sigset_t *set, int *sig)
{
	int r;

	do
		r = wait_program(set, NULL, NULL);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return errno;
	*sig = r;
	return 0;
}

/* ---- children that inherit the mask ---- */

static void *next_spawn, *next_spawnp, *next_system, *next_popen;

/* Looked up as the library is loaded, not at a first call: each dlsym
 * frees the calling thread's pending dlerror() message. */
__attribute__((constructor)) static void find_next(void)
{
	next_fn(&next_spawn, "posix_spawn");
	next_fn(&next_spawnp, "posix_spawnp");
	next_fn(&next_system, "system");
	next_fn(&next_popen, "popen");
	next_fn(&next_timedwait, "sigtimedwait");
}

CCPROF_EXPORT int posix_spawn(pid_t *pid, const char *path,
			      const posix_spawn_file_actions_t *actions,
			      const posix_spawnattr_t *attr,
			      char *const argv[], char *const envp[])
{
	spawn_fn f = (spawn_fn)next_fn(&next_spawn, "posix_spawn");
	int blocked = ccprof__signal_mask_exec_begin(), r;

	r = f ? f(pid, path, actions, attr, argv, envp) : ENOSYS;
	if (blocked)
		ccprof__signal_mask_exec_end();
	return r;
}

CCPROF_EXPORT int posix_spawnp(pid_t *pid, const char *file,
			       const posix_spawn_file_actions_t *actions,
			       const posix_spawnattr_t *attr,
			       char *const argv[], char *const envp[])
{
	spawn_fn f = (spawn_fn)next_fn(&next_spawnp, "posix_spawnp");
	int blocked = ccprof__signal_mask_exec_begin(), r;

	r = f ? f(pid, file, actions, attr, argv, envp) : ENOSYS;
	if (blocked)
		ccprof__signal_mask_exec_end();
	return r;
}

CCPROF_EXPORT int system(const char *command)
{
	system_fn f = (system_fn)next_fn(&next_system, "system");
	int blocked = ccprof__signal_mask_exec_begin(), r, err;

	r = f ? f(command) : -1;
	err = errno;
	if (blocked)
		ccprof__signal_mask_exec_end();
	errno = err;
	return r;
}

CCPROF_EXPORT FILE *popen(const char *command, const char *mode)
{
	popen_fn f = (popen_fn)next_fn(&next_popen, "popen");
	int blocked = ccprof__signal_mask_exec_begin(), err;
	FILE *r;

	r = f ? f(command, mode) : NULL;
	err = errno;
	if (blocked)
		ccprof__signal_mask_exec_end();
	errno = err;
	return r;
}
