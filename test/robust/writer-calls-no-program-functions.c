// The runtime writes the profile (directories, temporary file, rename,
// /proc reads, diagnostics) with system calls, never through open,
// rename, unlink, mkdir, readlink or flock as the program may define
// them: a program's logging open printed the profile's paths, and a
// rename that refuses to replace a file lost the second run's profile
// and left its temporary file.  Here each of the program's functions
// says when it is called; only the program's own call of open may show,
// as in the plain build, and the second run's profile replaces the
// first's, in a directory the runtime creates, merging (%m) included.
//
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d
// RUN: env CCPROF_OUT=%t.d/sub/prof.out %t > %t.log
// RUN: env CCPROF_OUT=%t.d/sub/prof.out %t second > %t.log2
// RUN: diff %t.plain.log %t.log
// RUN: FileCheck %s --check-prefix=SECOND < %t.log2
// SECOND:      [program] open /dev/null
// SECOND-NEXT: main done
// SECOND-NOT:  {{.}}
// RUN: grep -c '^argv	1	second' %t.d/sub/prof.out
// RUN: ls %t.d/sub | FileCheck %s --check-prefix=FILES
// FILES:     prof.out
// FILES-NOT: tmp
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t > %t.log3
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t > %t.log4
// RUN: diff %t.plain.log %t.log3
// RUN: diff %t.plain.log %t.log4
// RUN: grep '^processes' %t.d/pool-*.out | FileCheck %s --check-prefix=POOL
// POOL: processes{{[[:space:]]}}2

#define _GNU_SOURCE
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void say(const char *what, const char *path)
{
	char line[512];
	int n = snprintf(line, sizeof line, "[program] %s %s\n", what, path);

	syscall(SYS_write, 1, line, (size_t)n);
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	int mode;

	va_start(ap, flags);
	mode = va_arg(ap, int);
	va_end(ap);
	say("open", path);
	return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

int rename(const char *from, const char *to)
{
	say("rename", to);
	if (access(to, F_OK) == 0)
		return -1;	/* refuses to replace a file */
	return (int)syscall(SYS_renameat, AT_FDCWD, from, AT_FDCWD, to);
}

int unlink(const char *path)
{
	say("unlink", path);
	return (int)syscall(SYS_unlinkat, AT_FDCWD, path, 0);
}

int mkdir(const char *path, mode_t mode)
{
	say("mkdir", path);
	return (int)syscall(SYS_mkdirat, AT_FDCWD, path, mode);
}

ssize_t readlink(const char *path, char *buf, size_t size)
{
	say("readlink", path);
	return syscall(SYS_readlinkat, AT_FDCWD, path, buf, size);
}

int flock(int fd, int op)
{
	say("flock", "");
	return (int)syscall(SYS_flock, fd, op);
}

static volatile unsigned long sink;

__attribute__((noinline)) void work(long n)
{
	for (long i = 0; i < n; i++)
		sink += (unsigned long)i;
}

int main(void)
{
	int fd;

	work(1000000);
	fd = open("/dev/null", O_RDONLY);
	close(fd);
	puts("main done");
	return 0;
}
