/*
 * fdroom.c - file descriptors for the profile writer when the program
 * has used them all.
 *
 * Why: a program that ends with every descriptor its RLIMIT_NOFILE
 * allows in use (a server at its connection limit, a program leaking
 * descriptors) left the writer unable to open the temporary file
 * (EMFILE): the profile was lost.
 *
 * What: the writer opens its files with ccprof__open.  When open fails
 * with EMFILE, the soft limit is raised by a few descriptors, up to the
 * hard limit (or beyond it, for a process allowed to raise that), and
 * the open is tried again; at the end of the write the limit is put back
 * as it was (ccprof__fd_room_restore).  The writer reserves nothing
 * while the program runs: its files are open only while it writes.
 * A process whose soft limit is its hard limit and that may not raise it
 * still gets "Too many open files".
 *
 * Async-signal-safe: open, getrlimit, setrlimit.  Under the writer's
 * lock, so the saved limit is never shared.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>

#include "file_calls.h"
#include "runtime_internal.h"

#define EXTRA_FDS 8	/* the writer holds at most 3 at once (%m) */

static struct rlimit saved;
static int raised;

static int raise_limit(void)
{
	struct rlimit more;

	if (raised || ccprof__sys_getrlimit(RLIMIT_NOFILE, &saved) != 0 ||
	    saved.rlim_cur == RLIM_INFINITY)
		return 0;
	more.rlim_cur = saved.rlim_cur + EXTRA_FDS;
	more.rlim_max = saved.rlim_max;
	if (more.rlim_max != RLIM_INFINITY && more.rlim_cur > more.rlim_max) {
		struct rlimit both = { more.rlim_cur, more.rlim_cur };

		if (ccprof__sys_setrlimit(RLIMIT_NOFILE, &both) == 0) {
			raised = 1;	/* a process allowed to raise it */
			return 1;
		}
		more.rlim_cur = more.rlim_max;
	}
	if (more.rlim_cur <= saved.rlim_cur ||
	    ccprof__sys_setrlimit(RLIMIT_NOFILE, &more) != 0)
		return 0;
	raised = 1;
	return 1;
}

int ccprof__open(const char *path, int flags, mode_t mode)
{
	int fd = ccprof__sys_open(path, flags, mode);

	if (fd < 0 && errno == EMFILE) {
		if (raise_limit())
			fd = ccprof__sys_open(path, flags, mode);
		else
			errno = EMFILE;	/* not setrlimit's EPERM */
	}
	return fd;
}

void ccprof__fd_room_restore(void)
{
	int saved_errno = errno;

	if (raised)
		ccprof__sys_setrlimit(RLIMIT_NOFILE, &saved);
	raised = 0;
	errno = saved_errno;
}
