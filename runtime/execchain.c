/*
 * execchain.c - a profile name of its own for each image of an exec
 * chain, and for a process that wrote the path while this one ran.
 *
 * Why: exec keeps the process id, so every image of a chain (a program
 * that execs itself, a launcher that execs the real program) expands
 * CCPROF_OUT, %p included, to the same path, and each image's profile
 * replaced the one before: of four images, one profile was kept.
 *
 * What: before a profile replaces the file at its path, the writer asks
 * whether that file is the profile of an earlier image of this same
 * process: its `pid` is ours, and its `start` lies between the start of
 * the process (the kernel's, /proc/self/stat, less a second of slack)
 * and the start of this image's runtime.  If so the name is taken, and
 * the next one is tried: "<path>.exec1", "<path>.exec2", ...  So the
 * first image of a process writes <path>, the image after its first
 * exec "<path>.exec1", and so on; every write of one image finds the
 * same name (its own earlier write has its own start).  A file left by
 * another process, even one that had the same pid long ago, is replaced
 * as before.  Nothing is passed to the new image (no environment
 * variable, no file descriptor): the program sees nothing of this.
 *
 * Not for %m (a merged file adds every image up) and not for paths that
 * are not regular files (written in place).
 *
 * Also here, because it reads the same header: a profile that another
 * process wrote at the path while this image ran (a command run with
 * system() or popen that inherited CCPROF_OUT) is renamed
 * "<path>.<its pid>" before this one replaces it
 * (ccprof__keep_concurrent_profile).
 *
 * Async-signal-safe, like the rest of the writer: static buffers (the
 * caller holds the registry lock), open/read/close only.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

#define MAX_IMAGES	10000	/* beyond this the last name is reused */
#define START_SLACK_US	1000000
#define HEADER_MAX	(1 << 20)	/* bytes read looking for pid, start */

static char chunk[4096];

struct header_scan {
	int at_line_start;
	int field;		/* 0 none, 1 pid, 2 start, 3 wall */
	int matched;		/* bytes of the keyword matched so far */
	int key;		/* which keyword we are matching, or -1 */
	uint64_t value[4];	/* per field; start, wall in microseconds */
	int have[4];
	int frac_digits;	/* start, wall: digits after the point so far */
	int in_frac;
	int bad;
};

static const char *const keys[4] = { NULL, "pid\t", "start\t", "wall\t" };

/* Feed one byte of the file. */
static void scan_byte(struct header_scan *s, char c)
{
	if (c == '\n') {
		if (s->field >= 2 && s->have[s->field])
			while (s->frac_digits++ < 6)
				s->value[2] *= 10;
		s->at_line_start = 1;
		s->field = 0;
		s->key = -1;
		return;
	}
	if (s->at_line_start) {
		s->at_line_start = 0;
		s->matched = 0;
		s->key = c == 'p' ? 1 : c == 's' ? 2 : c == 'w' ? 3 : 0;
		if (s->key)
			s->matched = 1;
		return;
	}
	if (s->key > 0) {
		const char *k = keys[s->key];

		if (c == k[s->matched]) {
			if (!k[++s->matched]) {
				s->field = s->key;
				s->key = 0;
				s->value[s->field] = 0;
				s->have[s->field] = 1;
				s->in_frac = 0;
				s->frac_digits = 0;
			}
		} else {
			s->key = 0;
		}
		return;
	}
	if (!s->field)
		return;
	if (c >= '0' && c <= '9' && (!s->in_frac || s->frac_digits < 6)) {
		s->value[s->field] = s->value[s->field] * 10 + (uint64_t)(c - '0');
		s->frac_digits += s->in_frac;
	} else if (c == '.' && s->field >= 2 && !s->in_frac) {
		s->in_frac = 1;
	} else if (!(c >= '0' && c <= '9')) {
		s->bad = 1;
	}
}

/* The pid, start and end (start + wall: when it was written, less the
 * write itself) of the profile in the regular file at PATH, in
 * microseconds since the epoch, and the file's *ST (which file was read,
 * for a path another process may replace meanwhile): 1, or 0 if it is
 * unreadable or not a profile.  Not the file's mtime: the kernel stamps files from a coarse
 * clock, a few milliseconds behind. */
static int profile_header(const char *path, uint64_t *pid,
			  int64_t *start_us, int64_t *end_us, struct stat *st)
{
	struct header_scan s;
	size_t total = 0;
	int fd;

	/* Only a regular file: opening a FIFO, even for a moment, would
	 * let a writer blocked on it through. */
	if (ccprof__sys_stat(path, st) != 0 || !S_ISREG(st->st_mode))
		return 0;
	fd = ccprof__open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	memset(&s, 0, sizeof(s));
	s.at_line_start = 1;
	s.key = -1;
	if (ccprof__sys_fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		ccprof__sys_close(fd);
		return 0;
	}
	while (total < HEADER_MAX && !(s.have[1] && s.have[2] &&
				       s.have[3] && s.at_line_start)) {
		ssize_t n = ccprof__sys_read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (total == 0 && (n < 7 || memcmp(chunk, "ccprof\t", 7) != 0))
			break;
		for (ssize_t i = 0; i < n; i++) {
			scan_byte(&s, chunk[i]);
			if (s.have[1] && s.have[2] && s.have[3] &&
			    s.at_line_start)
				break;
		}
		total += (size_t)n;
	}
	ccprof__sys_close(fd);
	if (s.bad || !s.have[1] || !s.have[2] || !s.have[3] ||
	    !s.at_line_start)
		return 0;
	*pid = s.value[1];
	*start_us = (int64_t)s.value[2];
	*end_us = (int64_t)(s.value[2] + s.value[3]);
	return 1;
}

/* Is the regular file at path the profile of an earlier image of this
 * process?  Anything unreadable, or not a profile, is not. */
static int earlier_image(const char *path, pid_t pid, int64_t proc_start_us,
			 int64_t image_start_us)
{
	uint64_t its_pid;
	int64_t start_us, end_us;
	struct stat st;

	if (!profile_header(path, &its_pid, &start_us, &end_us, &st) ||
	    its_pid != (uint64_t)pid)
		return 0;
	if (start_us >= image_start_us)
		return 0;	/* this image's own write, or a later one */
	return proc_start_us < 0 || start_us >= proc_start_us - START_SLACK_US;
}

/* Whether PATH is the file ST describes. */
static int same_file(const char *path, const struct stat *st)
{
	struct stat now;

	return ccprof__sys_lstat(path, &now) == 0 && now.st_dev == st->st_dev &&
	       now.st_ino == st->st_ino;
}

static int profile_header(const char *path, uint64_t *pid,
			  int64_t *start_us, int64_t *end_us, struct stat *st);

/* Whether PATH is the file ST describes and still the profile of process
 * PID started at START_US.  The inode alone is not enough: once a
 * writer's rename frees the file's last name, a later writer's temporary
 * file may get the same inode number (a CI run kept one process's
 * profile under another's pid that way, same-path-32-writers-whole). */
static int same_profile(const char *path, const struct stat *st,
			uint64_t pid, int64_t start_us)
{
	struct stat now;
	uint64_t its_pid;
	int64_t its_start, its_end;

	return same_file(path, st) &&
	       profile_header(path, &its_pid, &its_start, &its_end, &now) &&
	       now.st_dev == st->st_dev && now.st_ino == st->st_ino &&
	       its_pid == pid && its_start == start_us;
}

/* Gives the file ST describes, now at TARGET, the name ASIDE as well:
 * a hard link, checked to be that file (another writer may have replaced
 * TARGET since it was read), so that ASIDE never names another process's
 * profile; where links are refused, a rename.  1 if ASIDE is that file. */
static int keep_as(const char *target, const char *aside,
		   const struct stat *st, uint64_t pid, int64_t start_us)
{
	for (int tries = 0; tries < 2; tries++) {
		if (ccprof__sys_link(target, aside) == 0 ||
		    (errno == EEXIST && same_profile(aside, st, pid, start_us))) {
			if (same_profile(aside, st, pid, start_us))
				return 1;
			ccprof__sys_unlink(aside);	/* TARGET changed */
			return 0;
		}
		if (errno != EEXIST)
			break;
		ccprof__sys_unlink(aside);	/* a stale file of that name */
	}
	if (errno == EEXIST || errno == ENOENT)
		return 0;
	return same_profile(target, st, pid, start_us) &&
	       ccprof__sys_rename(target, aside) == 0;
}

/* Before a profile replaces the file at TARGET: if that file is the
 * profile of another process, written while this image ran (a program
 * this one ran with system() or popen, or a second copy running at the
 * same time in the same directory, with the same default CCPROF_OUT),
 * it is kept as "<target>.<its pid>", the name a forked child's profile
 * would have had, and a note says so.  A profile written before this
 * image started (an earlier run) is replaced as always. */
void ccprof__keep_concurrent_profile(const char *target)
{
	static char aside[CCPROF_PATH_MAX];
	struct ccprof__times t;
	struct stat st;
	uint64_t its_pid;
	int64_t start_us, end_us;
	char num[24];
	size_t len = strlen(target), n;

	ccprof__process_times(&t);
	if (!profile_header(target, &its_pid, &start_us, &end_us, &st) ||
	    its_pid == (uint64_t)ccprof__sys_getpid() || end_us < t.start_us)
		return;
	n = ccprof__fmt_u64(num, its_pid);
	if (len + 1 + n + 1 > sizeof(aside))
		return;
	memcpy(aside, target, len);
	aside[len] = '.';
	memcpy(aside + len + 1, num, n);
	aside[len + 1 + n] = '\0';
	num[n] = '\0';
	if (!keep_as(target, aside, &st, its_pid, start_us))
		return;
	ccprof__say("note: '", target, "' held the profile of process ", num,
		    ", written while this one ran; it is now '", aside, "'",
		    (char *)NULL);
}

/* Append ".execN" to out->path for the first N whose file is not the
 * profile of an earlier image of this process.  0 or ENAMETOOLONG. */
int ccprof__exec_chain_name(struct ccprof__out_path *out)
{
	struct ccprof__times t;
	size_t len = strlen(out->path);
	int64_t proc_start_us = ccprof__process_kernel_start_us();
	pid_t pid = ccprof__sys_getpid();

	if (out->merge)
		return 0;
	ccprof__process_times(&t);
	for (unsigned n = 0; n < MAX_IMAGES; n++) {
		if (n > 0) {
			char num[20];
			size_t k = ccprof__fmt_u64(num, n);

			if (len + 5 + k + 1 > sizeof(out->path))
				return ENAMETOOLONG;
			memcpy(out->path + len, ".exec", 5);
			memcpy(out->path + len + 5, num, k);
			out->path[len + 5 + k] = '\0';
		}
		if (!earlier_image(out->path, pid, proc_start_us, t.start_us))
			return 0;
	}
	return 0;
}
