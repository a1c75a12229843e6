/*
 * start.c - the runtime's life cycle: start once, write at exit, and give
 * a forked child a profile of its own.
 *
 * Start (from the constructor in abi.c or the first registration,
 * whichever comes first): capture the run's facts (process.c), enter the
 * starting thread in the thread list (threads.c), start the
 * sampler (sampler.c), the dump signal and interval (dumper.c), the
 * fatal-signal handlers (fatal.c), look up the libc functions interpose.c
 * wraps, register the exit writer with atexit and at_quick_exit, and
 * install fork handlers.
 *
 * Exit: the atexit handler stops the timer and writes the profile with
 * "status complete".  It runs before the destructors of instrumented
 * units (those run later, from _dl_fini), so nothing is unloaded under it.
 * _exit and exec are caught by interpose.c, fatal signals by fatal.c.
 *
 * fork: the child starts from zero (counters, ticks, clocks) so that its
 * profile counts only its own work and nothing is counted twice; the
 * timer, which the child does not inherit, is armed again.  The child
 * remembers the CCPROF_OUT it inherited: written with that pattern, its
 * profile gets a ".<pid>" suffix unless the pattern has %p or %m
 * (outpath.c), so the parent's profile is not replaced.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ccprof.h"
#include "metrics.h"
#include "context.h"
#include "runtime_internal.h"

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_argc;
static char **start_argv;
static int fork_child;
static uint64_t fork_pattern_hash;

/* meters_stdio.c, in libccprof.so only. */
extern void ccprof__meters_stdio_at_exit(void) __attribute__((weak));

static void write_at_exit(void)
{
	int saved_errno = errno;

	if (ccprof__meters_stdio_at_exit)	/* stdio's last writes */
		ccprof__meters_stdio_at_exit();
	ccprof__sampler_stop();
	ccprof__write_profile(CCPROF_WHY_EXIT);
	ccprof__events_check_reached();
	errno = saved_errno;
}

static void write_at_quick_exit(void)
{
	int saved_errno = errno;

	ccprof__write_profile(CCPROF_WHY_QUICK_EXIT);
	errno = saved_errno;
}

static void before_fork(void)
{
	ccprof__registry_lock_for_fork();
}

static void after_fork_parent(void)
{
	ccprof__registry_unlock();
}

static void after_fork_child(void)
{
	const char *pattern = getenv(CCPROF_ENV_OUT);

	if (!pattern || !*pattern)
		pattern = CCPROF_DEFAULT_OUT;
	fork_child = 1;
	fork_pattern_hash = ccprof__fnv1a(CCPROF_FNV_INIT, pattern,
					  strlen(pattern));
	ccprof__registry_after_fork_child();
	ccprof__context_after_fork_child();
	ccprof__sampler_reset_counts();
	ccprof__process_after_fork();
	ccprof__events_after_fork();
	ccprof__sampler_after_fork();
	ccprof__dumper_after_fork();
}

int ccprof__is_fork_child(void)
{
	return fork_child;
}

uint64_t ccprof__fork_pattern_hash(void)
{
	return fork_pattern_hash;
}

static void start_runtime(void)
{
	ccprof__meters_pause();
	ccprof__process_init(start_argc, start_argv);
	ccprof__threads_start();
	ccprof__interpose_init();
	ccprof__events_start();
	ccprof__sampler_start();
	ccprof__events_check_sampler();
	ccprof__dumper_start();
	ccprof__fatal_install();
	if (atexit(write_at_exit) != 0)
		ccprof__warn("cannot register the exit handler; "
			     "no profile will be written at exit");
	at_quick_exit(write_at_quick_exit);
	if (pthread_atfork(before_fork, after_fork_parent,
			   after_fork_child) != 0)
		ccprof__warn("cannot register fork handlers; "
			     "a forked child's profile will include its parent's counts");
	ccprof__meters_resume();
}

/* From the constructor: argv is the real one (or NULL on a libc that
 * does not pass it; process.c then reads /proc/self/cmdline). */
void ccprof__start(int argc, char **argv)
{
	if (argc > 0 && argv && argv[0]) {
		start_argc = argc;
		start_argv = argv;
	}
	pthread_once(&start_once, start_runtime);
}

void ccprof__ensure_started(void)
{
	pthread_once(&start_once, start_runtime);
}

/* The public API (ccprof.h).  Once the last profile has been written (at
 * exit), does nothing: a dump from a later destructor must not replace
 * the complete profile with an incomplete one. */
CCPROF_EXPORT int ccprof_dump(void)
{
	ccprof__ensure_started();
	return ccprof__write_profile(CCPROF_WHY_DUMP);
}
