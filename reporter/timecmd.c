/*
 * timecmd.c - --time (see timecmd.h): how long the program takes
 * without ccprof, so that --compare can state ccprof's overhead.
 *
 * Each repetition is fork + execvp; wait4 gives the child's user and
 * system CPU time and maximum resident set size, CLOCK_MONOTONIC the
 * wall time around it.  The CPU time of the children the program waited
 * for, which wait4 adds in, is taken out (/proc/PID/stat, read before the
 * child is reaped): a profile's CPU time is its own process's.  The child gets the signal dispositions the
 * reporter was started with (SIGPIPE, which the reporter ignores, is
 * reset to the default), so the program runs as it would alone.  A
 * failed exec is reported through a close-on-exec pipe.  The run is
 * stored like an imported one, with kind 'time', no cost centres and
 * no ticks; its digest is "time:" and the start time in nanoseconds,
 * unique per run.
 */
#define _GNU_SOURCE
#include "timecmd.h"

#include "diag.h"
#include "schema.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct sample {
	double wall, user, sys, cpu;
	long max_rss;			/* KiB */
};

struct measured {
	struct sample median, min, max;
	double start;			/* seconds since the epoch */
	int64_t pid;			/* of the last repetition */
};

static double seconds_of(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static double now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void quoted_command(char *buf, size_t size, char *const *command)
{
	text_quote(buf, size, command[0], strlen(command[0]));
}

struct children_cpu {
	double user, sys;
};

/* The CPU time of the children that process PID waited for (the
 * `cutime` and `cstime` of /proc/PID/stat), once it has exited: waited
 * for without reaping it, so that its /proc entry is still there.  0 and
 * 0 if unknown. */
static struct children_cpu children_cpu(pid_t pid)
{
	struct children_cpu c = { 0, 0 };
	char path[64], buf[1024], *p;
	unsigned long long cutime, cstime;
	long tick = sysconf(_SC_CLK_TCK);
	siginfo_t info;
	ssize_t n;
	int fd;

	while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0)
		if (errno != EINTR)
			return c;
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return c;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0 || tick <= 0)
		return c;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* after the command name, which may hold ") " */
	/* Fields 3 (state) to 15 skipped, then 16 cutime and 17 cstime. */
	if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
			 "%*u %*u %llu %llu", &cutime, &cstime) != 2)
		return c;
	c.user = (double)cutime / (double)tick;
	c.sys = (double)cstime / (double)tick;
	return c;
}

/* Run COMMAND once into *S. */
static int run_once(char **command, struct sample *s, int64_t *pid_out)
{
	int fds[2], err = 0, status;
	struct rusage ru;
	struct children_cpu children;
	char quoted[256];
	double t0;
	pid_t pid;
	ssize_t n;

	quoted_command(quoted, sizeof quoted, command);
	if (pipe2(fds, O_CLOEXEC) != 0) {
		diag_error("--time: cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	t0 = now(CLOCK_MONOTONIC);
	pid = fork();
	if (pid < 0) {
		diag_error("--time: cannot fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);
		close(fds[0]);
		execvp(command[0], command);
		err = errno;
		n = write(fds[1], &err, sizeof err);
		(void)n;
		_exit(127);
	}
	close(fds[1]);
	n = read(fds[0], &err, sizeof err);
	close(fds[0]);
	children = children_cpu(pid);
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR) {
			diag_error("--time: cannot wait for '%s': %s", quoted,
				   strerror(errno));
			return -1;
		}
	s->wall = now(CLOCK_MONOTONIC) - t0;
	if (n == (ssize_t)sizeof err) {
		diag_error("--time: cannot run '%s': %s; nothing recorded",
			   quoted, strerror(err));
		return -1;
	}
	if (WIFSIGNALED(status)) {
		diag_error("--time: '%s' was killed by signal %d (%s); "
			   "nothing recorded", quoted, WTERMSIG(status),
			   strsignal(WTERMSIG(status)));
		return -1;
	}
	if (WEXITSTATUS(status) != 0) {
		diag_error("--time: '%s' exited with status %d; nothing "
			   "recorded", quoted, WEXITSTATUS(status));
		return -1;
	}
	/* wait4 adds in the CPU of the children the program waited for; a
	 * profile's CPU is its own process's (runtime.md: a forked child
	 * writes a profile of its own). */
	s->user = seconds_of(&ru.ru_utime) - children.user;
	s->sys = seconds_of(&ru.ru_stime) - children.sys;
	if (s->user < 0)
		s->user = 0;
	if (s->sys < 0)
		s->sys = 0;
	s->cpu = s->user + s->sys;
	s->max_rss = ru.ru_maxrss;
	*pid_out = pid;
	return 0;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median, min and max of the N values at V (sorted in place). */
static void spread(double *v, long n, double *median, double *min,
		   double *max)
{
	qsort(v, (size_t)n, sizeof *v, compare_doubles);
	*min = v[0];
	*max = v[n - 1];
	*median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void summarise(const struct sample *samples, long n,
		      struct measured *m)
{
	double *v = malloc((size_t)n * sizeof *v), rss, lo, hi;
	long i;

	if (!v)
		abort();
#define SPREAD(field)							\
	do {								\
		for (i = 0; i < n; i++)					\
			v[i] = samples[i].field;			\
		spread(v, n, &m->median.field, &m->min.field,		\
		       &m->max.field);					\
	} while (0)
	SPREAD(wall);
	SPREAD(user);
	SPREAD(sys);
	SPREAD(cpu);
#undef SPREAD
	for (i = 0; i < n; i++)
		v[i] = (double)samples[i].max_rss;
	spread(v, n, &rss, &lo, &hi);
	m->median.max_rss = (long)rss;
	free(v);
}

static const char insert_run_sql[] =
	"INSERT INTO runs(file, digest, program, args, pid, start, wall,"
	" user, sys, cpu, hz, ticks, samples, status, imported_at, label,"
	" kind, repeats, max_rss, cpu_min, cpu_max, wall_min, wall_max)"
	" VALUES ('<time>', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, NULL,"
	" 'complete', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?, 'time', ?,"
	" ?, ?, ?, ?, ?)";

static int insert(sqlite3 *db, char **command, long repeat,
		  const char *label, const struct measured *m,
		  int64_t *run)
{
	sqlite3_stmt *stmt = NULL;
	char digest[64], *args;
	size_t len = 1;
	int i, rc;

	for (i = 0; command[i]; i++)
		len += strlen(command[i]) + 1;
	args = malloc(len);
	if (!args)
		return SQLITE_NOMEM;
	args[0] = '\0';
	for (i = 0; command[i]; i++) {
		if (i)
			strcat(args, " ");
		strcat(args, command[i]);
	}
	snprintf(digest, sizeof digest, "time:%.0f", m->start * 1e9);
	rc = sqlite3_prepare_v2(db, insert_run_sql, -1, &stmt, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(stmt, 1, digest, -1, SQLITE_STATIC);
		sqlite3_bind_text(stmt, 2, command[0], -1, SQLITE_STATIC);
		sqlite3_bind_text(stmt, 3, args, -1, SQLITE_STATIC);
		sqlite3_bind_int64(stmt, 4, m->pid);
		sqlite3_bind_double(stmt, 5, m->start);
		sqlite3_bind_double(stmt, 6, m->median.wall);
		sqlite3_bind_double(stmt, 7, m->median.user);
		sqlite3_bind_double(stmt, 8, m->median.sys);
		sqlite3_bind_double(stmt, 9, m->median.cpu);
		sqlite3_bind_text(stmt, 10, label, -1, SQLITE_STATIC);
		sqlite3_bind_int64(stmt, 11, repeat);
		sqlite3_bind_int64(stmt, 12, m->median.max_rss);
		sqlite3_bind_double(stmt, 13, m->min.cpu);
		sqlite3_bind_double(stmt, 14, m->max.cpu);
		sqlite3_bind_double(stmt, 15, m->min.wall);
		sqlite3_bind_double(stmt, 16, m->max.wall);
		rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK
						       : sqlite3_errcode(db);
	}
	sqlite3_finalize(stmt);
	*run = sqlite3_last_insert_rowid(db);
	if (rc == SQLITE_OK) {
		rc = sqlite3_prepare_v2(db, "INSERT INTO run_args(run, idx,"
					" arg) VALUES (?, ?, ?)", -1, &stmt,
					NULL);
		for (i = 0; rc == SQLITE_OK && command[i]; i++) {
			sqlite3_bind_int64(stmt, 1, *run);
			sqlite3_bind_int64(stmt, 2, i);
			sqlite3_bind_text(stmt, 3, command[i], -1,
					  SQLITE_STATIC);
			rc = sqlite3_step(stmt) == SQLITE_DONE
				     ? SQLITE_OK : sqlite3_errcode(db);
			sqlite3_reset(stmt);
		}
		sqlite3_finalize(stmt);
	}
	free(args);
	return rc;
}

static int store(sqlite3 *db, const char *db_path, char **command,
		 long repeat, const char *label, const struct measured *m,
		 int64_t *run)
{
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(db_path, "cannot start a transaction: %s",
				sqlite3_errmsg(db));
		return -1;
	}
	if (schema_ensure(db, db_path) != 0) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	if (insert(db, command, repeat, label, m, run) != SQLITE_OK
	    || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(db_path, "cannot record the timed run: %s",
				sqlite3_errmsg(db));
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

int timecmd_record(sqlite3 *db, const char *db_path, char **command,
		   long repeat, const char *label, FILE *out)
{
	struct sample *samples = calloc((size_t)repeat, sizeof *samples);
	struct measured m;
	int64_t run;
	long i;
	int rc = 0;

	if (!samples) {
		diag_error("out of memory");
		return -1;
	}
	memset(&m, 0, sizeof m);
	m.start = now(CLOCK_REALTIME);
	for (i = 0; i < repeat && rc == 0; i++)
		rc = run_once(command, &samples[i], &m.pid);
	if (rc == 0) {
		summarise(samples, repeat, &m);
		rc = store(db, db_path, command, repeat, label, &m, &run);
	}
	free(samples);
	if (rc != 0)
		return -1;
	fprintf(out, "run %" PRId64 " (", run);
	text_put_display(out, label, strlen(label));
	fputs("): ", out);
	text_put_display(out, command[0], strlen(command[0]));
	fprintf(out, ": cpu %.3f s (%.3f to %.3f), wall %.3f s (%.3f to "
		"%.3f), max RSS %ld KiB; median of %ld\n", m.median.cpu,
		m.min.cpu, m.max.cpu, m.median.wall, m.min.wall, m.max.wall,
		m.median.max_rss, repeat);
	return 0;
}
