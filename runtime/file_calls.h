/*
 * file_calls.h - the file-system calls the runtime makes for itself
 * (reading /proc, writing, merging and naming the profile, diagnostics),
 * as system calls with libc's conventions (-1 and errno).
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
 * struct stat may not be the kernel's.
 */
#ifndef CCPROF_FILE_CALLS_H
#define CCPROF_FILE_CALLS_H

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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
#else
#define ccprof__sys_open open
#define ccprof__sys_close close
#define ccprof__sys_read read
#define ccprof__sys_write write
#define ccprof__sys_rename rename
#define ccprof__sys_unlink unlink
#define ccprof__sys_mkdir mkdir
#define ccprof__sys_stat stat
#define ccprof__sys_lstat lstat
#define ccprof__sys_fstat fstat
#define ccprof__sys_readlink readlink
#define ccprof__sys_fcntl fcntl
#define ccprof__sys_flock flock
#endif

#endif
