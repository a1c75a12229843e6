/*
 * start.c - the runtime's life cycle: start once, write at exit, and give
 * a forked child a profile of its own.
 *
 * Start (from the constructor in abi.c or the first registration,
 * whichever comes first): capture the run's facts (process.c), start the
 * sampler (sampler.c), register the exit writer with atexit, and install
 * fork handlers.
 *
 * Exit: the atexit handler stops the timer and writes the profile with
 * "status complete".  It runs before the destructors of instrumented
 * units (those run later, from _dl_fini), so nothing is unloaded under it.
 * _exit, abort and fatal signals bypass atexit: no profile is written.
 *
 * fork: the child starts from zero (counters, ticks, clocks) so that its
 * profile counts only its own work and nothing is counted twice; the
 * timer, which the child does not inherit, is armed again.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "ccprof.h"
#include "runtime_internal.h"

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_argc;
static char **start_argv;
static int exit_written;

static void write_at_exit(void)
{
	int saved_errno = errno;

	ccprof__sampler_stop();
	ccprof__write_profile("complete");
	__atomic_store_n(&exit_written, 1, __ATOMIC_RELEASE);
	errno = saved_errno;
}

static void before_fork(void)
{
	ccprof__registry_lock();
}

static void after_fork_parent(void)
{
	ccprof__registry_unlock();
}

static void after_fork_child(void)
{
	ccprof__registry_after_fork_child();
	ccprof__sampler_reset_counts();
	ccprof__process_restart_clocks();
	ccprof__sampler_after_fork();
}

static void start_runtime(void)
{
	ccprof__process_init(start_argc, start_argv);
	ccprof__sampler_start();
	if (atexit(write_at_exit) != 0)
		ccprof__warn("cannot register the exit handler; "
			     "no profile will be written at exit");
	if (pthread_atfork(before_fork, after_fork_parent,
			   after_fork_child) != 0)
		ccprof__warn("cannot register fork handlers; "
			     "a forked child's profile will include its parent's counts");
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

/* The public API (ccprof.h). */
CCPROF_EXPORT int ccprof_dump(void)
{
	ccprof__ensure_started();
	/* The exit writer has written the final, complete profile; a dump
	 * from a later destructor must not replace it with an incomplete
	 * one. */
	if (__atomic_load_n(&exit_written, __ATOMIC_ACQUIRE))
		return 0;
	return ccprof__write_profile("incomplete");
}
