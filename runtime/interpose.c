/*
 * interpose.c - the profile of an image that ends without exit():
 * exec replaces it, _exit and _Exit end it without atexit handlers.
 *
 * libccprof defines execve, execv, execvp, execvpe, execveat, execl,
 * execlp, execle, fexecve, _exit and _Exit.  Linked with -lccprof, the
 * program's calls reach these first (the dynamic linker searches the
 * executable's dependencies in order, libccprof before libc; with the
 * static libccprof.a they are in the executable).  Each writes the
 * profile ("status complete"), then calls libc's function, found with
 * dlsym(RTLD_NEXT) when the runtime starts (dlsym is not safe in a vfork
 * child or a signal handler, where these may run).
 *
 * exec: the sampling timer is deleted and a sample signal still pending is
 * taken before the real exec, so the new image cannot receive one.  If
 * exec fails, the timer is armed again and counting goes on; the profile
 * written at exit then replaces the one written here.  A fork child that
 * made no profiled call since the fork (fork, then exec at once) writes
 * nothing (writer.c), so spawning commands leaves no empty profiles.
 *
 * Not covered: libc's own internal calls (system, popen, posix_spawn run
 * their exec in a child that is not profiled anyway; exit() calls _exit
 * internally after the exit writer has run), and calls from a library
 * dlopen'ed into a program not linked with -lccprof (libc precedes
 * libccprof in its lookup scope).  A vfork child shares the parent's
 * memory: it writes nothing and touches no state.
 *
 * A fully static executable (-static) has no dlsym(RTLD_NEXT): there our
 * weak definitions usually replace libc.a's (whose objects are then not
 * linked at all), so each wrapper falls back to the system call itself:
 * execve(2), execveat(2) (fexecve with AT_EMPTY_PATH), exit_group(2), and
 * for execvp/execvpe the PATH search glibc does (default PATH
 * "/bin:/usr/bin", ENOEXEC retried with /bin/sh).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "runtime_internal.h"

#define WRAPPER CCPROF_EXPORT __attribute__((weak))

extern char **environ;

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*execv_fn)(const char *, char *const[]);
typedef int (*execveat_fn)(int, const char *, char *const[], char *const[],
			   int);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);
typedef void (*exit_fn)(int);

static struct {
	execve_fn execve;
	execv_fn execv;
	execv_fn execvp;
	execve_fn execvpe;
	execveat_fn execveat;
	fexecve_fn fexecve;
	exit_fn exit_;
	exit_fn Exit;
} real;

void ccprof__interpose_init(void)
{
	real.execve = (execve_fn)dlsym(RTLD_NEXT, "execve");
	real.execv = (execv_fn)dlsym(RTLD_NEXT, "execv");
	real.execvp = (execv_fn)dlsym(RTLD_NEXT, "execvp");
	real.execvpe = (execve_fn)dlsym(RTLD_NEXT, "execvpe");
	real.execveat = (execveat_fn)dlsym(RTLD_NEXT, "execveat");
	real.fexecve = (fexecve_fn)dlsym(RTLD_NEXT, "fexecve");
	real.exit_ = (exit_fn)dlsym(RTLD_NEXT, "_exit");
	real.Exit = (exit_fn)dlsym(RTLD_NEXT, "_Exit");
}

/* Write the profile and stop sampling, then block the sample signal if
 * the program's mask does (the new image inherits the mask); what to
 * undo should the exec fail: 1 sampling, 2 the mask. */
static int before_exec(void)
{
	int prepared = 0;

	if (ccprof__in_own_process()) {	/* not a vfork child */
		ccprof__write_profile(CCPROF_WHY_EXEC);
		ccprof__sampler_suspend();
		prepared = 1;
	}
	if (ccprof__signal_mask_exec_begin())
		prepared |= 2;
	return prepared;
}

/* ---- for a static executable: the system calls themselves ---- */

static int sys_execve(const char *path, char *const argv[], char *const envp[])
{
	return (int)syscall(SYS_execve, path, argv, envp);
}

/* A file execve refused as not an executable format: run it with the
 * shell, as glibc's execvp does. */
static void exec_with_shell(const char *path, char *const argv[],
			    char *const envp[])
{
	size_t n = 0;

	while (argv[n])
		n++;
	{
		char *sh_argv[n + 2];

		sh_argv[0] = (char *)"/bin/sh";
		sh_argv[1] = (char *)path;
		for (size_t i = 1; i <= n; i++)
			sh_argv[i + 1] = argv[i];
		sys_execve("/bin/sh", sh_argv, envp);
	}
}

static int fallback_execvpe(const char *file, char *const argv[],
			    char *const envp[])
{
	const char *path = getenv("PATH");
	size_t flen = strlen(file);
	int saw_eacces = 0;

	if (!*file) {
		errno = ENOENT;
		return -1;
	}
	if (strchr(file, '/')) {
		sys_execve(file, argv, envp);
		if (errno == ENOEXEC)
			exec_with_shell(file, argv, envp);
		return -1;
	}
	if (!path)
		path = "/bin:/usr/bin";
	for (const char *dir = path;; dir++) {
		const char *end = strchrnul(dir, ':');
		size_t dlen = (size_t)(end - dir);
		char buf[CCPROF_PATH_MAX];

		if (dlen + flen + 2 <= sizeof(buf)) {
			if (dlen) {
				memcpy(buf, dir, dlen);
				buf[dlen++] = '/';
			}
			memcpy(buf + dlen, file, flen + 1);
			sys_execve(buf, argv, envp);
			switch (errno) {
			case ENOEXEC:
				exec_with_shell(buf, argv, envp);
				return -1;
			case EACCES:
				saw_eacces = 1;
				break;
			case ENOENT:
			case ENOTDIR:
			case ESTALE:
			case ENODEV:
			case ETIMEDOUT:
				break;
			default:
				return -1;
			}
		}
		if (!*end)
			break;
		dir = end;
	}
	errno = saw_eacces ? EACCES : ENOENT;
	return -1;
}

static int fallback_fexecve(int fd, char *const argv[], char *const envp[])
{
	syscall(SYS_execveat, fd, "", argv, envp, AT_EMPTY_PATH);
	return -1;
}

static int exec_failed(int prepared)
{
	int err = errno;

	if (prepared & 2)
		ccprof__signal_mask_exec_end();
	if (prepared & 1)
		ccprof__sampler_resume();
	errno = err;
	return -1;
}

static int do_execve(const char *path, char *const argv[], char *const envp[])
{
	int prepared = before_exec();

	if (real.execve)
		real.execve(path, argv, envp);
	else
		sys_execve(path, argv, envp);
	return exec_failed(prepared);
}

WRAPPER int execve(const char *path, char *const argv[], char *const envp[])
{
	return do_execve(path, argv, envp);
}

WRAPPER int execv(const char *path, char *const argv[])
{
	int prepared = before_exec();

	if (real.execv)
		real.execv(path, argv);
	else
		sys_execve(path, argv, environ);
	return exec_failed(prepared);
}

static int do_execvp(const char *file, char *const argv[])
{
	int prepared = before_exec();

	if (real.execvp)
		real.execvp(file, argv);
	else
		fallback_execvpe(file, argv, environ);
	return exec_failed(prepared);
}

WRAPPER int execvp(const char *file, char *const argv[])
{
	return do_execvp(file, argv);
}

WRAPPER int execvpe(const char *file, char *const argv[], char *const envp[])
{
	int prepared = before_exec();

	if (real.execvpe)
		real.execvpe(file, argv, envp);
	else
		fallback_execvpe(file, argv, envp);
	return exec_failed(prepared);
}

WRAPPER int execveat(int dirfd, const char *path, char *const argv[],
		     char *const envp[], int flags)
{
	int prepared = before_exec();

	if (real.execveat)
		real.execveat(dirfd, path, argv, envp, flags);
	else
		syscall(SYS_execveat, dirfd, path, argv, envp, flags);
	return exec_failed(prepared);
}

WRAPPER int fexecve(int fd, char *const argv[], char *const envp[])
{
	int prepared = before_exec();

	if (real.fexecve)
		real.fexecve(fd, argv, envp);
	else
		fallback_fexecve(fd, argv, envp);
	return exec_failed(prepared);
}

/* The execl family: the arguments into an array on the stack, as glibc
 * does. */
#define COUNT_ARGS(arg, n)                                      \
	do {                                                    \
		va_list ap_;                                    \
		va_start(ap_, arg);                             \
		for (n = 1; va_arg(ap_, const char *); n++)     \
			;                                       \
		va_end(ap_);                                    \
	} while (0)

#define COLLECT_ARGS(arg, argv, n, ap)                          \
	do {                                                    \
		argv[0] = (char *)arg;                          \
		for (size_t i_ = 1; i_ <= n; i_++)              \
			argv[i_] = va_arg(ap, char *);          \
	} while (0)

WRAPPER int execl(const char *path, const char *arg, ...)
{
	size_t n;
	va_list ap;

	COUNT_ARGS(arg, n);
	{
		char *argv[n + 1];

		va_start(ap, arg);
		COLLECT_ARGS(arg, argv, n, ap);
		va_end(ap);
		return do_execve(path, argv, environ);
	}
}

WRAPPER int execlp(const char *file, const char *arg, ...)
{
	size_t n;
	va_list ap;

	COUNT_ARGS(arg, n);
	{
		char *argv[n + 1];

		va_start(ap, arg);
		COLLECT_ARGS(arg, argv, n, ap);
		va_end(ap);
		return do_execvp(file, argv);
	}
}

WRAPPER int execle(const char *path, const char *arg, ...)
{
	size_t n;
	va_list ap;

	COUNT_ARGS(arg, n);
	{
		char *argv[n + 1];
		char **envp;

		va_start(ap, arg);
		COLLECT_ARGS(arg, argv, n, ap);
		envp = va_arg(ap, char **);
		va_end(ap);
		return do_execve(path, argv, envp);
	}
}

__attribute__((noreturn)) static void end_process(exit_fn fn, int status)
{
	if (ccprof__in_own_process())
		ccprof__write_profile(CCPROF_WHY__EXIT);
	if (fn)
		fn(status);
	for (;;)
		syscall(SYS_exit_group, status);
}

WRAPPER void _exit(int status)
{
	end_process(real.exit_, status);
}

WRAPPER void _Exit(int status)
{
	end_process(real.Exit, status);
}
