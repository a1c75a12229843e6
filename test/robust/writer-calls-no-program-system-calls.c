// Beyond open, rename, unlink, mkdir (writer-calls-no-program-functions),
// the runtime makes its other system calls itself too, never through the
// program's functions of those names: close, getpid, gethostname (%h),
// getrlimit and setrlimit (the descriptor room of a program with every
// descriptor in use), mmap and munmap (its memory, the %m merge),
// nanosleep, getrusage, the signal masks, timers and sigtimedwait of the
// sampler and the dumper, fopen and opendir of /proc.  Before, the
// program's logging functions printed the runtime's calls.  Here each
// says when it is called; only the program's own close and getpid may
// show, as in the plain build, and every profile is written: at exit
// into a directory named by %h while dumps run, with no descriptor free,
// and merged (%m).
//
// RUN: %plain_cc -O1 %s -o %t.plain -lpthread
// RUN: %t.plain > %t.plain.log
// RUN: %t.plain full > %t.plain.full.log
// RUN: FileCheck %s < %t.plain.log
// CHECK:      [program] close
// CHECK-NEXT: [program] getpid
// CHECK-NEXT: main done
// CHECK-NOT:  {{.}}
// RUN: %cc -O1 %s -o %t %libs -lpthread
// RUN: rm -rf %t.d
// RUN: env CCPROF_OUT=%t.d/%%h/prof.out CCPROF_DUMP_INTERVAL=0.02 %t > %t.log
// RUN: diff %t.plain.log %t.log
// RUN: cat %t.d/*/prof.out | FileCheck %s --check-prefix=DONE
// DONE: status{{[[:space:]]}}complete
// RUN: env CCPROF_OUT=%t.d/full.out %t full > %t.full.log
// RUN: diff %t.plain.full.log %t.full.log
// RUN: FileCheck %s --check-prefix=DONE < %t.d/full.out
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t > %t.log3
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t full > %t.log4
// RUN: diff %t.plain.log %t.log3
// RUN: diff %t.plain.full.log %t.log4
// RUN: grep '^processes' %t.d/pool-*.out | FileCheck %s --check-prefix=POOL
// POOL: processes{{[[:space:]]}}2

#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void say(const char *what)
{
	char line[128];
	int n = snprintf(line, sizeof line, "[program] %s\n", what);

	syscall(SYS_write, 1, line, (size_t)n);
}

/* The program's NAME: says so, then does what libc's does. */
#define REAL(name)                                                      \
	static __typeof(name) *real;                                    \
	say(#name);                                                     \
	if (!real)                                                      \
		real = (__typeof(name) *)dlsym(RTLD_NEXT, #name)

int close(int fd)
{
	REAL(close);
	return real(fd);
}

pid_t getpid(void)
{
	REAL(getpid);
	return real();
}

int gethostname(char *name, size_t len)
{
	REAL(gethostname);
	return real(name, len);
}

int uname(struct utsname *u)
{
	REAL(uname);
	return real(u);
}

int getrlimit(__rlimit_resource_t resource, struct rlimit *rl)
{
	REAL(getrlimit);
	return real(resource, rl);
}

int setrlimit(__rlimit_resource_t resource, const struct rlimit *rl)
{
	REAL(setrlimit);
	return real(resource, rl);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	REAL(mmap);
	return real(addr, len, prot, flags, fd, off);
}

int munmap(void *addr, size_t len)
{
	REAL(munmap);
	return real(addr, len);
}

int nanosleep(const struct timespec *ts, struct timespec *left)
{
	REAL(nanosleep);
	return real(ts, left);
}

int getrusage(__rusage_who_t who, struct rusage *ru)
{
	REAL(getrusage);
	return real(who, ru);
}

int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	REAL(sigprocmask);
	return real(how, set, old);
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	REAL(pthread_sigmask);
	return real(how, set, old);
}

int sigtimedwait(const sigset_t *set, siginfo_t *info,
		 const struct timespec *ts)
{
	REAL(sigtimedwait);
	return real(set, info, ts);
}

int timer_create(clockid_t clock, struct sigevent *sev, timer_t *t)
{
	REAL(timer_create);
	return real(clock, sev, t);
}

int timer_settime(timer_t t, int flags, const struct itimerspec *its,
		  struct itimerspec *old)
{
	REAL(timer_settime);
	return real(t, flags, its, old);
}

int timer_delete(timer_t t)
{
	REAL(timer_delete);
	return real(t);
}

int raise(int sig)
{
	REAL(raise);
	return real(sig);
}

FILE *fopen(const char *path, const char *mode)
{
	REAL(fopen);
	return real(path, mode);
}

DIR *opendir(const char *path)
{
	REAL(opendir);
	return real(path);
}

static volatile unsigned long sink;

__attribute__((noinline)) void work(long n)
{
	for (long i = 0; i < n; i++)
		sink += (unsigned long)i;
}

static void *worker(void *arg)
{
	(void)arg;
	work(20000000);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;

	pthread_create(&t, NULL, worker, NULL);
	work(20000000);
	pthread_join(t, NULL);
	close((int)syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY));
	(void)getpid();
	if (argc > 1 && strcmp(argv[1], "full") == 0) {
		/* Every descriptor a limit of 64 allows in use. */
		struct rlimit rl = { 64, 64 * 2 };

		syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, &rl, NULL);
		while (syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY) >= 0)
			;
	}
	say("main done");
	return 0;
}
