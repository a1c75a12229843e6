/*
 * process.c - facts about the run that go into the profile header:
 * start time, program path, arguments, and the CPU and wall time used.
 *
 * Captured once at start, into runtime-owned memory: the program may
 * permute argv (GNU getopt does), overwrite its strings (to hide a
 * password, or to set a process title) or replace its executable on disk
 * before the profile is written at exit.
 *
 * The pid of the process the runtime's state belongs to is kept too: a
 * vfork child shares the parent's memory, runs no fork handlers and must
 * not write the parent's profile or touch its timer (interpose.c,
 * fatal.c ask ccprof__in_own_process()).
 *
 * The kernel's start time of the process (/proc/self/stat), which exec
 * keeps, as wall-clock microseconds: execchain.c tells an earlier image
 * of this process from another process that once had the same pid.
 *
 * Seconds in reports come from the CPU time measured here
 * (getrusage(RUSAGE_SELF): all threads, not children), divided among cost
 * centres in proportion to their ticks; never from the sampling rate.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

static struct {
	struct timeval start;		/* wall clock, for the "start" line */
	struct timespec mono_start;	/* monotonic, for "wall" */
	char *program;
	uint64_t program_hash;		/* for the %m pattern */
	int argc;
	char **argv;
	pid_t pid;
	int64_t kernel_start_us;	/* the process's, or -1 if unknown */
} run;

static int64_t timeval_us(struct timeval tv)
{
	return (int64_t)tv.tv_sec * 1000000 + tv.tv_usec;
}

static void restart_clocks(void)
{
	gettimeofday(&run.start, NULL);
	clock_gettime(CLOCK_MONOTONIC, &run.mono_start);
}

/* Field 22 of /proc/self/stat, the process's start in clock ticks since
 * boot, as wall-clock microseconds; -1 if it cannot be read. */
static int64_t read_kernel_start_us(void)
{
	char buf[1024];
	ssize_t n;
	char *p;
	unsigned long long ticks = 0;
	long hz = sysconf(_SC_CLK_TCK);
	struct timespec boot, real;
	int fd = ccprof__sys_open("/proc/self/stat", O_RDONLY | O_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	n = ccprof__sys_read(fd, buf, sizeof(buf) - 1);
	ccprof__sys_close(fd);
	if (n <= 0 || hz <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* the command name may hold anything */
	if (!p)
		return -1;
	for (int field = 2; field < 22; field++) {
		p = strchr(p + 1, ' ');
		if (!p)
			return -1;
	}
	for (p++; *p >= '0' && *p <= '9'; p++)
		ticks = ticks * 10 + (unsigned long long)(*p - '0');
	if (clock_gettime(CLOCK_BOOTTIME, &boot) != 0 ||
	    clock_gettime(CLOCK_REALTIME, &real) != 0)
		return -1;
	return ((int64_t)real.tv_sec - boot.tv_sec) * 1000000 +
	       (real.tv_nsec - boot.tv_nsec) / 1000 +
	       (int64_t)(ticks * 1000000ULL / (unsigned long long)hz);
}

int64_t ccprof__process_kernel_start_us(void)
{
	return run.kernel_start_us;
}

/* In a fork child: a new process, whose profile starts now. */
void ccprof__process_after_fork(void)
{
	restart_clocks();
	run.pid = ccprof__sys_getpid();
	run.kernel_start_us = read_kernel_start_us();
}

int ccprof__in_own_process(void)
{
	return ccprof__sys_getpid() == run.pid;
}

pid_t ccprof__process_pid(void)
{
	return run.pid;
}

/* readlink("/proc/self/exe") into a malloc'd string, or NULL. */
static char *read_exe_path(void)
{
	size_t size = 256;

	for (;;) {
		char *buf = malloc(size);
		ssize_t n;

		if (!buf)
			return NULL;
		n = ccprof__sys_readlink("/proc/self/exe", buf, size);
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
		size *= 2;
	}
}

/* Build run.argv from n NUL-terminated strings laid end to end in
 * strings[0..len); one allocation holds the pointers and the bytes. */
static void set_args(int n, const char *strings, size_t len)
{
	size_t ptrs = ((size_t)n + 1) * sizeof(char *);
	char **argv = malloc(ptrs + len);
	char *p;

	if (!argv)
		return;
	p = memcpy((char *)argv + ptrs, strings, len);
	for (int i = 0; i < n; i++) {
		argv[i] = p;
		p += strlen(p) + 1;
	}
	argv[n] = NULL;
	run.argv = argv;
	run.argc = n;
}

static void copy_argv(int argc, char **argv)
{
	size_t ptrs = ((size_t)argc + 1) * sizeof(char *), len = 0;
	char **copy, *p;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	copy = malloc(ptrs + len);
	if (!copy)
		return;
	p = (char *)copy + ptrs;
	for (int i = 0; i < argc; i++) {
		size_t l = strlen(argv[i]) + 1;

		copy[i] = memcpy(p, argv[i], l);
		p += l;
	}
	copy[argc] = NULL;
	run.argv = copy;
	run.argc = argc;
}

/* The fallback when the constructor did not see argv (the runtime was
 * started by a registration first): the kernel's copy of the arguments. */
static void read_cmdline(void)
{
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	int fd = ccprof__sys_open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC, 0);
	int n = 0;

	if (!buf || fd < 0)
		goto out;
	for (;;) {
		ssize_t r;

		if (len == cap) {
			char *bigger = realloc(buf, cap * 2);

			if (!bigger)
				goto out;
			buf = bigger;
			cap *= 2;
		}
		r = ccprof__sys_read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	if (len == 0 || buf[len - 1] != '\0')
		goto out;	/* empty, or rewritten into one unterminated string */
	for (size_t i = 0; i < len; i++)
		n += buf[i] == '\0';
	set_args(n, buf, len);
out:
	if (fd >= 0)
		ccprof__sys_close(fd);
	free(buf);
}

void ccprof__process_init(int argc, char **argv)
{
	const char *program;

	restart_clocks();
	run.pid = ccprof__sys_getpid();
	run.kernel_start_us = read_kernel_start_us();
	if (argv)
		copy_argv(argc, argv);
	else
		read_cmdline();
	run.program = read_exe_path();
	program = ccprof__program();
	run.program_hash = ccprof__fnv1a(CCPROF_FNV_INIT, program,
					 strlen(program));
}

uint64_t ccprof__program_hash(void)
{
	return run.program_hash;
}

const char *ccprof__program(void)
{
	if (run.program)
		return run.program;
	return run.argc > 0 ? run.argv[0] : "";
}

int ccprof__argc(void)
{
	return run.argc;
}

const char *ccprof__argv(int i)
{
	return i >= 0 && i < run.argc ? run.argv[i] : "";
}

void ccprof__process_times(struct ccprof__times *t)
{
	struct rusage ru;
	struct timespec now;

	t->start_us = timeval_us(run.start);
	clock_gettime(CLOCK_MONOTONIC, &now);
	t->wall_us = ((int64_t)(now.tv_sec - run.mono_start.tv_sec) * 1000000000 +
		      (now.tv_nsec - run.mono_start.tv_nsec)) / 1000;
	if (ccprof__sys_getrusage(RUSAGE_SELF, &ru) == 0) {
		t->user_us = timeval_us(ru.ru_utime);
		t->sys_us = timeval_us(ru.ru_stime);
	} else {
		t->user_us = 0;
		t->sys_us = 0;
	}
}
