/*
 * raw_syscall.h - the system calls the sampling handler makes, as raw
 * `syscall` instructions on x86-64.
 *
 * The handler must call nothing (test/runtime/sample-handler-calls-
 * nothing.test): not even libc's wrappers, which may be interposed, set
 * errno (the interrupted code may be about to read it) or go through the
 * PLT.  Each function here is inline, returns the kernel's result
 * (negative errno on failure) and leaves errno alone.  Elsewhere the libc
 * wrapper is used, with errno saved and restored.  The runtime's other
 * system calls use these through file_calls.h, with libc's conventions.
 */
#ifndef CCPROF_RAW_SYSCALL_H
#define CCPROF_RAW_SYSCALL_H

#include <errno.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__)
static inline long ccprof__raw_syscall3(long nr, long a, long b, long c)
{
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline long ccprof__raw_syscall4(long nr, long a, long b, long c,
					long d)
{
	long ret;
	register long r10 __asm__("r10") = d;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
}
#endif

#if defined(__x86_64__)
static inline long ccprof__raw_syscall6(long nr, long a, long b, long c,
					long d, long e, long f)
{
	long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8),
			   "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/* Any system call, raw on x86-64: the result, or a negative errno.
 * Elsewhere through libc's syscall(), errno saved. */
#define ccprof__raw(nr, a, b, c, d, e, f)                                  \
	ccprof__raw_syscall6((nr), (long)(a), (long)(b), (long)(c), (long)(d), \
			     (long)(e), (long)(f))
#else
static inline long ccprof__raw_generic(long nr, long a, long b, long c,
				       long d, long e, long f)
{
	int saved = errno;
	long ret = syscall(nr, a, b, c, d, e, f);

	if (ret == -1)
		ret = -errno;
	errno = saved;
	return ret;
}
#define ccprof__raw(nr, a, b, c, d, e, f)                                 \
	ccprof__raw_generic((nr), (long)(a), (long)(b), (long)(c), (long)(d), \
			    (long)(e), (long)(f))
#endif

/* clock_gettime(CLOCK, ts): 0 or a negative errno. */
static inline long ccprof__raw_clock_gettime(clockid_t clock,
					     struct timespec *ts)
{
#if defined(__x86_64__)
	return ccprof__raw_syscall3(SYS_clock_gettime, (long)clock, (long)ts,
				    0);
#else
	int saved = errno;
	long ret = clock_gettime(clock, ts) == 0 ? 0 : -errno;

	errno = saved;
	return ret;
#endif
}

/* timer_settime(timer, 0, its, NULL) of a SIGEV_THREAD_ID timer, whose
 * glibc timer_t is the kernel's timer id. */
static inline long ccprof__raw_timer_settime(timer_t timer,
					     const struct itimerspec *its)
{
#if defined(__x86_64__)
	return ccprof__raw_syscall4(SYS_timer_settime,
				    (long)(intptr_t)timer, 0, (long)its, 0);
#else
	int saved = errno;
	long ret = timer_settime(timer, 0, its, NULL) == 0 ? 0 : -errno;

	errno = saved;
	return ret;
#endif
}

/* ioctl(fd, request, arg). */
static inline long ccprof__raw_ioctl(int fd, unsigned long request,
				     void *arg)
{
#if defined(__x86_64__)
	return ccprof__raw_syscall3(SYS_ioctl, fd, (long)request, (long)arg);
#else
	int saved = errno;
	long ret = ioctl(fd, request, arg) == 0 ? 0 : -errno;

	errno = saved;
	return ret;
#endif
}

#endif
