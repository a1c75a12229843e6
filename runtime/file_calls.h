/*
 * file_calls.h - the file-system calls the runtime makes for itself
 * (reading /proc, writing, merging and naming the profile, diagnostics),
 * and the other system calls it makes while starting, sampling, writing
 * or dumping (its process id, the host name, the descriptor limit, its
 * memory, naps, timers, signal masks), as system calls with libc's
 * conventions (-1 and errno; mmap's MAP_FAILED).
 *
 * Why: libc's open, write, rename, ... are found by the dynamic linker,
 * and a program (or a library it loads: a logging or sandboxing shim)
 * that defines its own gets the runtime's calls too.  A program's
 * logging open printed the profile's paths; a refusing rename lost the
 * profile, without a word, and left the temporary file behind.  Profiling
 * never changes what the program does, nor what it sees.  Also safe in a
 * signal handler and after fork, where the writer runs.
 *
 * x86-64 makes them raw (raw_syscall.h); elsewhere they are libc's, whose
 * struct stat may not be the kernel's.  Out of scope: sigaction (libc's
 * internal __sigaction, which supplies the restorer a raw rt_sigaction
 * would need), clock_gettime and gettimeofday (the vDSO, no system
 * call), the pthread and semaphore functions, dlsym and dladdr.
 */
#ifndef CCPROF_FILE_CALLS_H
#define CCPROF_FILE_CALLS_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "raw_syscall.h"

#if defined(__x86_64__)
static inline long ccprof__sys_result(long r)
{
	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

#define CCPROF_SYS(nr, a, b, c, d) \
	ccprof__sys_result(ccprof__raw((nr), (a), (b), (c), (d), 0, 0))

static inline int ccprof__sys_open(const char *path, int flags, mode_t mode)
{
	return (int)CCPROF_SYS(SYS_openat, AT_FDCWD, path, flags, mode);
}

static inline int ccprof__sys_close(int fd)
{
	return (int)CCPROF_SYS(SYS_close, fd, 0, 0, 0);
}

static inline ssize_t ccprof__sys_read(int fd, void *buf, size_t n)
{
	return CCPROF_SYS(SYS_read, fd, buf, n, 0);
}

static inline ssize_t ccprof__sys_write(int fd, const void *buf, size_t n)
{
	return CCPROF_SYS(SYS_write, fd, buf, n, 0);
}

static inline int ccprof__sys_rename(const char *from, const char *to)
{
	return (int)CCPROF_SYS(SYS_renameat, AT_FDCWD, from, AT_FDCWD, to);
}

static inline int ccprof__sys_link(const char *from, const char *to)
{
	return (int)ccprof__sys_result(ccprof__raw(SYS_linkat, AT_FDCWD, from,
						   AT_FDCWD, to, 0, 0));
}

static inline int ccprof__sys_unlink(const char *path)
{
	return (int)CCPROF_SYS(SYS_unlinkat, AT_FDCWD, path, 0, 0);
}

static inline int ccprof__sys_mkdir(const char *path, mode_t mode)
{
	return (int)CCPROF_SYS(SYS_mkdirat, AT_FDCWD, path, mode, 0);
}

static inline int ccprof__sys_stat(const char *path, struct stat *st)
{
	return (int)CCPROF_SYS(SYS_newfstatat, AT_FDCWD, path, st, 0);
}

static inline int ccprof__sys_lstat(const char *path, struct stat *st)
{
	return (int)CCPROF_SYS(SYS_newfstatat, AT_FDCWD, path, st,
			       AT_SYMLINK_NOFOLLOW);
}

static inline int ccprof__sys_fstat(int fd, struct stat *st)
{
	return (int)CCPROF_SYS(SYS_fstat, fd, st, 0, 0);
}

static inline ssize_t ccprof__sys_readlink(const char *path, char *buf,
					   size_t size)
{
	return CCPROF_SYS(SYS_readlinkat, AT_FDCWD, path, buf, size);
}

static inline int ccprof__sys_fcntl(int fd, int cmd, long arg)
{
	return (int)CCPROF_SYS(SYS_fcntl, fd, cmd, arg, 0);
}

static inline int ccprof__sys_flock(int fd, int op)
{
	return (int)CCPROF_SYS(SYS_flock, fd, op, 0, 0);
}

/* Directory entries (struct linux_dirent64) of an open directory. */
static inline ssize_t ccprof__sys_getdents64(int fd, void *buf, size_t n)
{
	return CCPROF_SYS(SYS_getdents64, fd, buf, n, 0);
}

/* x86-64's struct rlimit is the kernel's rlimit64. */
static inline int ccprof__sys_getrlimit(int resource, struct rlimit *rl)
{
	return (int)CCPROF_SYS(SYS_prlimit64, 0, resource, 0, rl);
}

static inline int ccprof__sys_setrlimit(int resource,
					const struct rlimit *rl)
{
	return (int)CCPROF_SYS(SYS_prlimit64, 0, resource, rl, 0);
}

/* x86-64's struct utsname is the kernel's new_utsname. */
static inline int ccprof__sys_uname(struct utsname *u)
{
	return (int)CCPROF_SYS(SYS_uname, u, 0, 0, 0);
}

static inline pid_t ccprof__sys_getpid(void)
{
	return (pid_t)ccprof__raw(SYS_getpid, 0, 0, 0, 0, 0, 0);
}

static inline pid_t ccprof__sys_gettid(void)
{
	return (pid_t)ccprof__raw(SYS_gettid, 0, 0, 0, 0, 0, 0);
}

static inline int ccprof__sys_getrusage(int who, struct rusage *ru)
{
	return (int)CCPROF_SYS(SYS_getrusage, who, ru, 0, 0);
}

static inline int ccprof__sys_nanosleep(const struct timespec *ts,
					struct timespec *left)
{
	return (int)CCPROF_SYS(SYS_nanosleep, ts, left, 0, 0);
}

static inline void *ccprof__sys_mmap(void *addr, size_t len, int prot,
				     int flags, int fd, off_t off)
{
	long r = ccprof__raw(SYS_mmap, addr, len, prot, flags, fd, off);

	if (r < 0 && r > -4096) {
		errno = (int)-r;
		return MAP_FAILED;
	}
	return (void *)r;
}

static inline int ccprof__sys_munmap(void *addr, size_t len)
{
	return (int)CCPROF_SYS(SYS_munmap, addr, len, 0, 0);
}

/* The kernel's sigset is 8 bytes: the first word of glibc's sigset_t.
 * Unlike pthread_sigmask, the result is 0 or -1 and errno. */
static inline int ccprof__sys_sigmask(int how, const sigset_t *set,
				      sigset_t *old)
{
	return (int)CCPROF_SYS(SYS_rt_sigprocmask, how, set, old, 8);
}

static inline int ccprof__sys_sigtimedwait(const sigset_t *set,
					   siginfo_t *info,
					   const struct timespec *ts)
{
	return (int)CCPROF_SYS(SYS_rt_sigtimedwait, set, info, ts, 8);
}

/* Sends SIG to the calling thread, as raise does (without its blocking
 * of every signal, which matters only to a forking signal handler). */
static inline int ccprof__sys_raise(int sig)
{
	return (int)CCPROF_SYS(SYS_tgkill, ccprof__sys_getpid(),
			       ccprof__sys_gettid(), sig, 0);
}

static inline int ccprof__sys_sigaltstack(const stack_t *ss, stack_t *old)
{
	return (int)CCPROF_SYS(SYS_sigaltstack, ss, old, 0, 0);
}

/* A SIGEV_SIGNAL or SIGEV_THREAD_ID timer, whose glibc timer_t is the
 * kernel's timer id (as ccprof__raw_timer_settime assumes). */
static inline int ccprof__sys_timer_create(clockid_t clock,
					   struct sigevent *sev, timer_t *t)
{
	int id;

	if (CCPROF_SYS(SYS_timer_create, clock, sev, &id, 0) != 0)
		return -1;
	*t = (timer_t)(intptr_t)id;
	return 0;
}

static inline int ccprof__sys_timer_delete(timer_t t)
{
	return (int)CCPROF_SYS(SYS_timer_delete, (intptr_t)t, 0, 0, 0);
}
#else
#define ccprof__sys_open open
#define ccprof__sys_close close
#define ccprof__sys_read read
#define ccprof__sys_write write
#define ccprof__sys_rename rename
#define ccprof__sys_link link
#define ccprof__sys_unlink unlink
#define ccprof__sys_mkdir mkdir
#define ccprof__sys_stat stat
#define ccprof__sys_lstat lstat
#define ccprof__sys_fstat fstat
#define ccprof__sys_readlink readlink
#define ccprof__sys_fcntl fcntl
#define ccprof__sys_flock flock
#define ccprof__sys_getrlimit getrlimit
#define ccprof__sys_setrlimit setrlimit
#define ccprof__sys_uname uname
#define ccprof__sys_getpid getpid
#define ccprof__sys_getrusage getrusage
#define ccprof__sys_nanosleep nanosleep
#define ccprof__sys_mmap mmap
#define ccprof__sys_munmap munmap
#define ccprof__sys_sigmask sigprocmask
#define ccprof__sys_sigtimedwait sigtimedwait
#define ccprof__sys_raise raise
#define ccprof__sys_timer_create timer_create
#define ccprof__sys_timer_delete timer_delete

static inline ssize_t ccprof__sys_getdents64(int fd, void *buf, size_t n)
{
	return syscall(SYS_getdents64, fd, buf, n);
}

static inline pid_t ccprof__sys_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

static inline int ccprof__sys_sigaltstack(const stack_t *ss, stack_t *old)
{
	return (int)syscall(SYS_sigaltstack, ss, old);
}
#endif

#endif
