/*
 * writer.c - writes the profile, format version 6 (docs/format.md).
 *
 * Where: CCPROF_OUT expanded (outpath.c).  A path that is a symbolic link
 * is followed, so the link stays and the file it names is replaced.  An
 * existing path that is not a regular file (a terminal, /dev/null, a
 * FIFO, /dev/stdout: anything reached through /proc/self/fd) is opened
 * and written in place, appending; nothing there can be replaced
 * atomically, and replacing a device node would be wrong.
 *
 * A regular file is written to "<path>.tmp.<pid>" in the same directory
 * and renamed over <path>, so a reader never sees half a profile and two
 * processes writing the same path leave one whole file (the last one).
 * With %m in the pattern, the old profile is merged in (merge.c).  On any
 * failure: one diagnostic naming the path and the cause, the temporary
 * file is removed, -1 is returned; the program is never stopped and its
 * exit status never changed.  SIGXFSZ and SIGPIPE are ignored while
 * writing, if their action is to end the program (the default, or
 * fatal.c's handler), so that a file-size limit (ulimit -f) or a closed
 * pipe (CCPROF_OUT=/dev/stdout, reader gone) is an error (EFBIG, EPIPE)
 * instead of the end of the program.
 *
 * Async-signal-safe: the writer may run in a fatal-signal handler, so it
 * uses no malloc and no stdio; its buffers are static, guarded by the
 * registry lock, which is held for the whole write (modules cannot be
 * unloaded under the writer, and two threads writing do not share the
 * temporary file).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_calls.h"
#include "context.h"
#include "format_records.h"
#include "metrics.h"
#include "runtime_internal.h"

#define LOCK_TIMEOUT_MS		60000
#define LOCK_TIMEOUT_SIGNAL_MS	5000	/* in a signal handler, at _exit */
#define MAX_LINKS		16

void ccprof__on_fatal(int sig, siginfo_t *info, void *ucontext);

static struct ccprof__out out;
static struct ccprof__out_path outpath;
static char target[CCPROF_PATH_MAX];
/* tmp is created and neither renamed nor removed yet: a fatal signal
 * that interrupts the write on this thread removes it, as the process
 * ends without the profile (ccprof__write_profile). */
static int temp_exists;
static char tmp[CCPROF_PATH_MAX + 32];
static char link_buf[CCPROF_PATH_MAX];
static int final_written;

/* For %m: what this process has merged into the file so far (valid for
 * merged_pid only: a fork child has merged nothing), and what the write
 * in progress merges.  The cost centres' own are in the registry. */
static struct merged_header {
	pid_t pid;
	int64_t wall_us, user_us, sys_us;
	uint64_t ticks, samples, unprofiled;
	uint64_t processes;	/* 1 once this process has merged */
} merged_hdr, pending_hdr;

struct writer {
	struct ccprof__out *o;
	struct ccprof__merge *merge;
	unsigned events;	/* the header's: which metrics to write */
	uint32_t n_modules;
	uint32_t n_ccs;
	uint64_t ticks_left;	/* of the header's total, for the cc lines */
	uint64_t ctx_ticks_left;	/* ... and for the ctx lines */
	uint64_t n_ctxs;	/* the last ctx id written */
};

/* The metrics of slot I to write, into v; under %m only what was
 * counted since this process last merged (the rest is in the file). */
static void load_metrics(uint64_t i, int merging, uint64_t *v)
{
	struct ccprof__metric_slot *s = ccprof__metric_slot(i);

	for (int k = 0; k < CCPROF_N_METRICS; k++) {
		uint64_t now = __atomic_load_n(&s->v[k], __ATOMIC_RELAXED);

		v[k] = now;
		if (merging) {
			v[k] = now >= s->merged[k] ? now - s->merged[k] : now;
			s->pending[k] = now;
		}
	}
}

/* The nonzero metrics of the events on: a `metric` record each for cost
 * centre ID, or with ID < 0 an `unprofiled_metric` record each. */
static void put_metrics(struct writer *w, int64_t id, const uint64_t *v)
{
	for (int k = 0; k < CCPROF_N_METRICS; k++) {
		if (!v[k] || !(w->events &
			       CCPROF_EVENT_BIT(ccprof__metric_event[k])))
			continue;
		if (id >= 0)
			ccprof__put_rec_metric(w->o, (uint64_t)id,
					       ccprof__metric_names[k], v[k]);
		else
			ccprof__put_rec_unprofiled_metric(
				w->o, ccprof__metric_names[k], v[k]);
	}
}

static int write_module(void *arg, uint32_t id,
			const struct ccprof__module_view *m)
{
	struct writer *w = arg;

	if (w->merge)
		ccprof__merge_module(w->merge, id, m);
	ccprof__put_rec_module(w->o, id, m->compiler, m->options, m->source);
	w->n_modules++;
	return 0;
}

static int write_cc(void *arg, uint32_t module_id,
		    const struct ccprof__cc_view *view)
{
	struct writer *w = arg;
	struct ccprof__cc_view both = *view, *cc = &both;
	struct ccprof__ctx_totals *t = ccprof__context_totals(view->key);
	uint64_t calls, ticks;
	uint64_t metrics[CCPROF_N_METRICS] = { 0 };

	if (cc->metrics)
		load_metrics(cc->metrics, w->merge != NULL, metrics);
	/* Context mode: a cost centre's calls and ticks are its
	 * contexts' (and a flat-mode unit's) together. */
	if (t) {
		both.calls += t->calls;
		both.ticks += t->ticks;
		for (int k = 0; t->metrics && k < CCPROF_N_METRICS; k++)
			metrics[k] += w->merge && t->metrics[k] >=
						  t->base_metrics[k]
					      ? t->metrics[k] - t->base_metrics[k]
					      : t->metrics[k];
		t->cc_id = w->n_ccs;
	}
	calls = cc->calls;
	ticks = cc->ticks;
	if (w->merge) {
		uint64_t *b = cc->merged;

		/* Only what was counted since this process last merged. */
		calls = calls >= b[0] ? calls - b[0] : calls;
		ticks = ticks >= b[1] ? ticks - b[1] : ticks;
		b[2] = cc->calls;
		b[3] = cc->ticks;
	}
	if (ticks > w->ticks_left) {
		/* Samples that came in during the write: after the header's
		 * total was read.  The next write has them. */
		if (w->merge)
			cc->merged[3] -= ticks - w->ticks_left;
		ticks = w->ticks_left;
	}
	w->ticks_left -= ticks;
	if (t)
		t->ctx_ticks_left = ticks;
	if (w->merge)
		ccprof__merge_cc(w->merge, module_id, w->n_ccs, cc, &calls,
				 &ticks, metrics);
	ccprof__put_rec_cc(w->o, w->n_ccs, module_id, calls, ticks, cc->line,
			   cc->symbol, cc->file, cc->kind);
	put_metrics(w, w->n_ccs, metrics);
	w->n_ccs++;
	return 0;
}

/* One context (mode=context) and its metrics. */
static int write_ctx(void *arg, struct ccprof__ctx_sum *s,
		     const struct ccprof__ctx_sum *parent, uint64_t cc_id)
{
	struct writer *w = arg;
	uint64_t calls = s->calls, ticks = s->ticks, counted;
	uint64_t metrics[CCPROF_N_METRICS];
	struct ccprof__ctx_totals *t;

	memset(metrics, 0, sizeof(metrics));
	if (s->metrics)
		memcpy(metrics, s->metrics, sizeof(metrics));
	if (w->merge && s->base) {
		/* Only what was counted since this process last merged. */
		const struct ccprof__ctx_sum *b = s->base;

		calls = calls >= b->calls ? calls - b->calls : calls;
		ticks = ticks >= b->ticks ? ticks - b->ticks : ticks;
		for (int k = 0; b->metrics && k < CCPROF_N_METRICS; k++)
			metrics[k] = metrics[k] >= b->metrics[k]
					     ? metrics[k] - b->metrics[k]
					     : metrics[k];
	}
	counted = ticks;
	if (ticks > w->ctx_ticks_left)
		ticks = w->ctx_ticks_left;	/* as for the cc lines */
	/* No more than its cost centre's record got: samples that came in
	 * during the write were cut from the cc records in their order and
	 * would be cut from these in another (a dump while threads run
	 * wrote main's contexts 27 ticks against main's record 25, and the
	 * reporter refused the file). */
	t = ccprof__context_totals(s->cc);
	if (t) {
		if (ticks > t->ctx_ticks_left)
			ticks = t->ctx_ticks_left;
		t->ctx_ticks_left -= ticks;
	}
	w->ctx_ticks_left -= ticks;
	if (w->merge) {
		/* The ticks cut are left for the next write, as the cc
		 * record's are (write_cc): S becomes the context's baseline
		 * at the commit (ccprof__context_commit).  Kept in it, they
		 * were never written, while the cc record got them at the
		 * next merge: the merged file's contexts fell behind their
		 * cc records by every tick cut (main's 56 against 67 after
		 * 30 dumps). */
		s->ticks -= counted - ticks;
		s->old = ccprof__merge_ctx(w->merge, parent ? parent->old : -1,
					   cc_id, &calls, &ticks, metrics);
		ccprof__merge_ctx_written(w->merge, s->old, s->id);
	}
	ccprof__put_rec_ctx(w->o, s->id, parent ? parent->id : 0, cc_id,
			    calls, ticks);
	for (int k = 0; k < CCPROF_N_METRICS; k++)
		if (metrics[k] && (w->events & CCPROF_EVENT_BIT(
					   ccprof__metric_event[k])))
			ccprof__put_rec_ctx_metric(w->o, s->id,
						   ccprof__metric_names[k],
						   metrics[k]);
	w->n_ctxs = s->id;
	return 0;
}

static void write_header(struct ccprof__out *o, const struct ccprof__header *h)
{
	ccprof__put_rec_ccprof(o, CCPROF_FORMAT_VERSION);
	ccprof__put_rec_program(o, ccprof__program());
	for (int i = 0; i < ccprof__argc(); i++)
		ccprof__put_rec_argv(o, (uint64_t)i, ccprof__argv(i));
	ccprof__put_rec_pid(o, (uint64_t)ccprof__sys_getpid());
	ccprof__put_rec_processes(o, h->processes);
	ccprof__put_rec_start(o, h->times.start_us);
	ccprof__put_rec_wall(o, h->times.wall_us);
	ccprof__put_rec_user(o, h->times.user_us);
	ccprof__put_rec_sys(o, h->times.sys_us);
	ccprof__put_rec_hz(o, h->hz);
	ccprof__put_rec_ticks(o, h->ticks);
	ccprof__put_rec_samples(o, h->samples);
	ccprof__put_rec_clock(o, h->clock);
	{
		char events[256];

		ccprof__events_string(h->events, events, sizeof(events));
		ccprof__put_rec_events(o, events);
	}
	ccprof__put_rec_status(o, h->incomplete ? "incomplete" : "complete");
}

static uint64_t since(uint64_t now, uint64_t then)
{
	return now >= then ? now - then : now;
}

/* The header's sums count only what this process adds since its last
 * merge. */
static void header_delta(struct ccprof__header *h)
{
	struct ccprof__times *t = &h->times;

	if (merged_hdr.pid != ccprof__sys_getpid())
		memset(&merged_hdr, 0, sizeof(merged_hdr));
	pending_hdr.pid = ccprof__sys_getpid();
	pending_hdr.wall_us = t->wall_us;
	pending_hdr.user_us = t->user_us;
	pending_hdr.sys_us = t->sys_us;
	pending_hdr.ticks = h->ticks;
	pending_hdr.samples = h->samples;
	pending_hdr.unprofiled = h->unprofiled;
	pending_hdr.processes = h->processes;
	t->wall_us = (int64_t)since((uint64_t)t->wall_us,
				    (uint64_t)merged_hdr.wall_us);
	t->user_us = (int64_t)since((uint64_t)t->user_us,
				    (uint64_t)merged_hdr.user_us);
	t->sys_us = (int64_t)since((uint64_t)t->sys_us,
				   (uint64_t)merged_hdr.sys_us);
	h->ticks = since(h->ticks, merged_hdr.ticks);
	h->samples = since(h->samples, merged_hdr.samples);
	h->unprofiled = since(h->unprofiled, merged_hdr.unprofiled);
	/* A process that dumped into the file is in its count already. */
	h->processes = since(h->processes, merged_hdr.processes);
}

static int commit_cc(void *arg, uint32_t module_id,
		     const struct ccprof__cc_view *cc)
{
	(void)arg;
	(void)module_id;
	cc->merged[0] = cc->merged[2];
	cc->merged[1] = cc->merged[3];
	if (cc->metrics) {
		struct ccprof__metric_slot *s = ccprof__metric_slot(cc->metrics);

		memcpy(s->merged, s->pending, sizeof(s->merged));
	}
	return 0;
}

/* The merged file now has everything the write counted. */
static void commit_merge(void)
{
	struct ccprof__metric_slot *unprof = ccprof__metric_slot(0);

	merged_hdr = pending_hdr;
	memcpy(unprof->merged, unprof->pending, sizeof(unprof->merged));
	ccprof__context_commit();
	ccprof__registry_each_cc(commit_cc, NULL);
}

static int write_records(int fd, struct ccprof__header *h,
			 struct ccprof__merge *merge)
{
	struct writer w = { &out, merge, 0, 0, 0, 0, 0, 0 };
	uint64_t unprofiled[CCPROF_N_METRICS];
	int contexts;

	ccprof__out_init(&out, fd);
	if (merge)
		header_delta(h);
	/* The ticks of the cost centres and unprofiled must not add up to
	 * more than the total (the reporter rejects such a profile).  The
	 * sampler adds to a record before the total, and threads go on
	 * sampling while the records are read after the total: what a
	 * record got since is left for the next write. */
	if (h->unprofiled > h->ticks) {
		if (merge)
			pending_hdr.unprofiled -= h->unprofiled - h->ticks;
		h->unprofiled = h->ticks;
	}
	w.ticks_left = h->ticks - h->unprofiled;
	if (merge)
		ccprof__merge_header(merge, h);
	w.events = h->events;
	write_header(&out, h);
	ccprof__registry_each_module(write_module, &w);
	if (merge)
		w.n_modules = ccprof__merge_extra_modules(merge, &out,
							  w.n_modules);
	/* Context mode: the process's contexts, by path, whose sums the
	 * cc records add; written after them. */
	contexts = ccprof__context_build();
	ccprof__registry_each_cc(write_cc, &w);
	if (merge)
		w.n_ccs = ccprof__merge_extra_ccs(merge, &out, w.n_ccs);
	w.ctx_ticks_left = h->ticks - h->unprofiled;
	if (contexts > 0)
		ccprof__context_each(write_ctx, &w);
	if (merge)
		ccprof__merge_extra_ctxs(merge, &out, w.n_ctxs + 1);
	else
		ccprof__context_release();	/* %m: kept for the commit */
	ccprof__put_rec_unprofiled(&out, h->unprofiled);
	load_metrics(0, merge != NULL, unprofiled);
	if (merge)
		ccprof__merge_unprofiled_metrics(merge, unprofiled);
	put_metrics(&w, -1, unprofiled);
	ccprof__put_rec_end(&out, w.n_modules, w.n_ccs);
	return ccprof__out_flush(&out);
}

static int copy_path(char *dst, const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);

	if (alen + blen + 1 > CCPROF_PATH_MAX)
		return ENAMETOOLONG;
	memmove(dst, a, alen);
	memcpy(dst + alen, b, blen + 1);
	return 0;
}

/* Follow path's symbolic links into target.  *in_place: write into the
 * existing file instead of replacing it.  0 or an errno. */
static int resolve_target(const char *path, int *in_place)
{
	struct stat st;
	int err = copy_path(target, "", 0, path);

	*in_place = 0;
	for (int hops = 0; !err; hops++) {
		ssize_t n;

		if (ccprof__sys_lstat(target, &st) != 0)
			return 0;	/* missing: created; or open says why */
		if (S_ISREG(st.st_mode))
			return 0;
		if (S_ISDIR(st.st_mode))
			return EISDIR;
		/* /dev/fd/N is the process's descriptor N, like
		 * /dev/stdout: followed, it would name the file N has open,
		 * which would be replaced under the program. */
		if (strncmp(target, "/dev/fd/", 8) == 0) {
			copy_path(link_buf, "", 0, target + 8);
			if (copy_path(target, "/proc/self/fd/", 14, link_buf))
				return ENAMETOOLONG;
		}
		if (!S_ISLNK(st.st_mode) || strncmp(target, "/proc/", 6) == 0) {
			/* A device, FIFO or socket, or a /proc magic link
			 * (/dev/stdout): what it names cannot be replaced. */
			if (ccprof__sys_stat(target, &st) == 0 && S_ISDIR(st.st_mode))
				return EISDIR;
			*in_place = 1;
			return 0;
		}
		if (hops == MAX_LINKS)
			return ELOOP;
		n = ccprof__sys_readlink(target, link_buf, sizeof(link_buf) - 1);
		if (n < 0)
			return errno;
		link_buf[n] = '\0';
		if (link_buf[0] == '/') {
			err = copy_path(target, "", 0, link_buf);
		} else {
			char *slash = strrchr(target, '/');

			err = copy_path(target, target,
					slash ? (size_t)(slash - target) + 1 : 0,
					link_buf);
		}
	}
	return err;
}

static int set_temp_path(void)
{
	char num[20];
	size_t len = strlen(target), n = ccprof__fmt_u64(num, (uint64_t)ccprof__sys_getpid());

	if (len + 5 + n + 1 > sizeof(tmp))
		return ENAMETOOLONG;
	memcpy(tmp, target, len);
	memcpy(tmp + len, ".tmp.", 5);
	memcpy(tmp + len + 5, num, n);
	tmp[len + 5 + n] = '\0';
	return 0;
}

static int create_temp(void)
{
	int flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC;
	int fd = ccprof__open(tmp, flags, 0666);

	if (fd < 0 && errno == ENOENT) {
		if (ccprof__make_parent_dirs(tmp) != 0)
			return -1;
		fd = ccprof__open(tmp, flags, 0666);
	}
	return fd;
}

/* The descriptor N when target is "/proc/self/fd/N" (what /dev/stdout,
 * /dev/stderr and /dev/fd/N lead to) and N is open on a regular file,
 * else -1. */
static int own_regular_fd(void)
{
	static const char self[] = "/proc/self/fd/";
	const char *p = target + sizeof(self) - 1;
	struct stat st;
	long n = 0;

	if (strncmp(target, self, sizeof(self) - 1) != 0 || !*p)
		return -1;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || n > 1000000)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (ccprof__sys_fstat((int)n, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	return (int)n;
}

/* Write the profile to the file target names, in place.  Opened
 * without blocking (a FIFO nobody reads fails with ENXIO instead of
 * hanging the program at exit), then written with blocking writes.
 * A regular file the program has open as /dev/stdout (its output
 * redirected to a file) is written through a duplicate of the program's
 * own descriptor, at its offset: the program's output still to come
 * (stdio flushes at exit, after the profile) then follows the profile,
 * where through a descriptor of its own, at its own offset, it wrote
 * over it. */
static int write_in_place(struct ccprof__header *h)
{
	int own = own_regular_fd();
	int fd = own >= 0 ? ccprof__sys_fcntl(own, F_DUPFD_CLOEXEC, 0)
			  : ccprof__open(target, O_WRONLY | O_APPEND |
						 O_NOCTTY | O_CLOEXEC |
						 O_NONBLOCK, 0);
	int flags, err;

	if (fd < 0)
		return errno;
	if (own >= 0) {
		err = write_records(fd, h, NULL);
		if (ccprof__sys_close(fd) != 0 && !err && errno != EINTR)
			err = errno;
		return err;
	}
	flags = ccprof__sys_fcntl(fd, F_GETFL, 0);
	if (flags >= 0)
		ccprof__sys_fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	err = write_records(fd, h, NULL);
	if (ccprof__sys_close(fd) != 0 && !err && errno != EINTR)
		err = errno;
	return err;
}

/* Appends to DST (at *AT, within SIZE) ".hzN" for a rate or
 * ".ev-E1+E2" (".ev-none") for events; 0 or ENAMETOOLONG. */
static int put_key_part(char *dst, size_t *at, size_t size, int is_hz,
			unsigned v)
{
	char part[300];
	size_t n;

	if (is_hz) {
		memcpy(part, ".hz", 3);
		n = 3 + ccprof__fmt_u64(part + 3, v);
	} else {
		memcpy(part, ".ev-", 4);
		ccprof__events_string(v, part + 4, sizeof(part) - 4);
		if (!v)
			memcpy(part + 4, "none", 5);
		for (char *c = part + 4; *c; c++)
			if (*c == ',')
				*c = '+';
		n = strlen(part);
	}
	if (*at + n >= size)
		return ENAMETOOLONG;
	memcpy(dst + *at, part, n);
	*at += n;
	return 0;
}

/* %m: target holds runs sampled at another rate (OTHER.hz) or with other
 * events (OTHER.events) than this run's KEY; this run goes to the file of
 * its own, the parts that differ before target's extension: ".hzHZ"
 * ("pool.hz1000.out", so that "*.out" still names every file), then
 * ".ev-E" ("pool.ev-alloc+io.out"), with a note (merge.c says why).  0
 * or an errno. */
static int to_key_file(struct ccprof__merge_key key,
		       struct ccprof__merge_key other)
{
	char path[CCPROF_PATH_MAX], was[300], now[300];
	size_t len = strlen(target), at = len, n, w = 0, k = 0;
	const char *slash = strrchr(target, '/'), *dot = strrchr(target, '.');
	int err = 0;

	if (dot && dot > (slash ? slash + 1 : target))
		at = (size_t)(dot - target);
	memcpy(path, target, at);
	n = at;
	if (key.hz != other.hz)
		err = put_key_part(path, &n, sizeof(path), 1, key.hz);
	if (!err && key.events != other.events)
		err = put_key_part(path, &n, sizeof(path), 0, key.events);
	if (err || n + (len - at) + 1 > sizeof(path))
		return ENAMETOOLONG;
	memcpy(path + n, target + at, len - at + 1);
	if (key.hz != other.hz) {
		put_key_part(was, &w, sizeof(was), 1, other.hz);
		put_key_part(now, &k, sizeof(now), 1, key.hz);
	} else {
		put_key_part(was, &w, sizeof(was), 0, other.events);
		put_key_part(now, &k, sizeof(now), 0, key.events);
	}
	was[w] = now[k] = '\0';
	if (key.hz != other.hz)
		ccprof__say("note: '", target, "' holds runs sampled at ",
			    was + 3, " Hz; this run, at ", now + 3,
			    " Hz, is merged into '", path,
			    "' (ticks of different rates do not add up)",
			    (char *)NULL);
	else
		ccprof__say("note: '", target, "' holds runs that recorded "
			    "CCPROF_EVENTS ", was + 4, "; this run, with ",
			    now + 4, ", is merged into '", path, "' (a metric "
			    "of some of a file's runs would read as all of "
			    "theirs)", (char *)NULL);
	memcpy(target, path, strlen(path) + 1);
	return set_temp_path();
}

/* Write to a temporary file, rename it over target; merging if asked.
 * 0, an errno, or -1 (merge.c said what was wrong). */
static int write_replacing(struct ccprof__header *h, int merge)
{
	struct ccprof__merge *m = NULL;
	int fd, err;

	err = set_temp_path();
	if (err)
		return err;
	if (merge) {
		struct ccprof__merge_key key = { h->hz, h->events }, other;
		int r = ccprof__merge_begin(&m, target, key, &other);

		if (r > 0) {	/* other runs' file: this run's own */
			err = to_key_file(key, other);
			if (err)
				return err;
			r = ccprof__merge_begin(&m, target, key, &other);
			if (r > 0)
				ccprof__say("cannot merge into '", target,
					    "': it holds runs of another "
					    "rate or other events",
					    (char *)NULL);
		}
		if (r != 0)
			return -1;
	}
	fd = create_temp();
	if (fd < 0) {
		err = errno;
	} else {
		__atomic_store_n(&temp_exists, 1, __ATOMIC_RELAXED);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		err = write_records(fd, h, m);
		if (ccprof__sys_close(fd) != 0 && !err && errno != EINTR)
			err = errno;
		if (!err && !m)
			ccprof__keep_concurrent_profile(target);
		if (!err && ccprof__sys_rename(tmp, target) != 0)
			err = errno;
		if (err)
			ccprof__sys_unlink(tmp);
		else if (m)
			commit_merge();
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		__atomic_store_n(&temp_exists, 0, __ATOMIC_RELAXED);
	}
	if (m)
		ccprof__merge_end(m);
	return err;
}

static int is_last(enum ccprof__why why)
{
	return why == CCPROF_WHY_EXIT || why == CCPROF_WHY_QUICK_EXIT ||
	       why == CCPROF_WHY__EXIT || why == CCPROF_WHY_FATAL;
}

static void fill_header(struct ccprof__header *h, enum ccprof__why why)
{
	ccprof__process_times(&h->times);
	h->hz = ccprof__sampler_hz();
	h->ticks = ccprof__sampler_total_ticks();
	h->samples = ccprof__sampler_total_samples();
	h->unprofiled = ccprof__sampler_unprofiled_ticks() +
			ccprof__context_sink_ticks();
	h->clock = ccprof__sampler_clock_name();
	h->processes = 1;
	h->events = ccprof__events_on;
	h->incomplete = why == CCPROF_WHY_DUMP || why == CCPROF_WHY_DUMPER ||
			why == CCPROF_WHY_FATAL;
}

/* SIGXFSZ and SIGPIPE, while the profile is written. */
struct quiet_signals {
	struct sigaction old[2];
	int ignored[2];
};

static const int quiet_sigs[2] = { SIGXFSZ, SIGPIPE };

static void quiet(struct quiet_signals *q)
{
	struct sigaction ign;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	for (int i = 0; i < 2; i++) {
		struct sigaction *old = &q->old[i];
		int ends_program;

		q->ignored[i] = 0;
		if (ccprof__runtime_sigaction(quiet_sigs[i], NULL, old) != 0)
			continue;
		ends_program = (old->sa_flags & SA_SIGINFO)
				       ? old->sa_sigaction == ccprof__on_fatal
				       : old->sa_handler == SIG_DFL;
		if (ends_program)
			q->ignored[i] = ccprof__runtime_sigaction(
						quiet_sigs[i], &ign, NULL) == 0;
	}
}

static void unquiet(const struct quiet_signals *q)
{
	for (int i = 0; i < 2; i++)
		if (q->ignored[i])
			ccprof__runtime_sigaction(quiet_sigs[i], &q->old[i],
						  NULL);
}

/* A path that can only name a directory: empty, or ending in "/", "/."
 * or "/.." (CCPROF_OUT=out/). */
static int names_directory(const char *path)
{
	size_t n = strlen(path);

	while (n > 0 && path[n - 1] == '.' &&
	       (n == 1 || path[n - 2] == '/' ||
		(path[n - 2] == '.' && (n == 2 || path[n - 3] == '/'))))
		n -= (n >= 2 && path[n - 2] == '.') ? 2 : 1;
	return n == 0 || path[n - 1] == '/';
}

static void say_cannot_write(int err)
{
	if (err == EISDIR)
		ccprof__say("cannot write profile '", outpath.path, "': the "
			    "path names a directory (" CCPROF_ENV_OUT " must "
			    "name a file)", (char *)NULL);
	else
		ccprof__say("cannot write profile '", outpath.path, "': ",
			    ccprof__strerror(err), (char *)NULL);
}

/* Holding the lock: write, or say why not.  0 or an errno. */
static int write_locked(enum ccprof__why why)
{
	struct quiet_signals q;
	struct ccprof__header h;
	int err, in_place = 0;

	err = ccprof__expand_out_path(&outpath);
	if (!err && names_directory(outpath.path))
		err = EISDIR;
	if (!err)
		err = ccprof__exec_chain_name(&outpath);
	if (!err)
		err = resolve_target(outpath.path, &in_place);
	if (err) {
		say_cannot_write(err);
		return err;
	}
	quiet(&q);
	fill_header(&h, why);
	if (in_place)
		err = write_in_place(&h);
	else
		err = write_replacing(&h, outpath.merge);
	unquiet(&q);
	if (err > 0)
		say_cannot_write(err);
	return err < 0 ? EINVAL : err;
}

/* At the last write: calls made on threads the runtime did not start
 * (a statically linked runtime does not wrap pthread_create; raw clone;
 * a host that dlopened the runtime after starting them) are missing from
 * counters=thread modules.  Say so once, rather than lose them silently. */
static void warn_foreign_threads(void)
{
	char n[24];
	uint64_t samples = ccprof__sampler_foreign_samples();

	if (!ccprof__registry_ever_thread_counters())
		return;
	if (!samples) {
		/* Short threads may get no sample, and still make calls. */
		if (ccprof__threads_unknown_started())
			ccprof__say("warning: the program started threads "
				    "ccprof did not start (statically linked "
				    "libccprof, or threads made before it was "
				    "loaded): calls made on them are missing "
				    "from the counts; build with counters=atomic "
				    "to count them (docs/runtime.md)",
				    (char *)NULL);
		return;
	}
	n[ccprof__fmt_u64(n, samples)] = '\0';
	ccprof__say("warning: ", n, " samples fell in profiled code on threads "
		    "ccprof did not start (statically linked libccprof, or "
		    "threads made before it was loaded or without "
		    "pthread_create): their calls are missing from the "
		    "counts; build with counters=atomic to count them "
		    "(docs/runtime.md)", (char *)NULL);
}

int ccprof__write_profile(enum ccprof__why why)
{
	int saved_errno = errno;
	int timeout = why == CCPROF_WHY_FATAL || why == CCPROF_WHY__EXIT
			      ? LOCK_TIMEOUT_SIGNAL_MS : LOCK_TIMEOUT_MS;
	int err;

	if (!ccprof__in_own_process())
		return 0;	/* a vfork child: the state is the parent's */
	ccprof__meters_pause();
	err = ccprof__registry_lock_for_write(timeout);
	if (err) {
		ccprof__say("cannot write the profile: ",
			    err == EDEADLK
				    ? "the signal interrupted the runtime on this thread"
				    : "another thread kept the runtime busy",
			    (char *)NULL);
		/* this thread's interrupted write never ends: the process
		 * does, so its temporary file goes */
		if (err == EDEADLK && is_last(why) &&
		    __atomic_load_n(&temp_exists, __ATOMIC_RELAXED))
			ccprof__sys_unlink(tmp);
		ccprof__meters_resume();
		errno = err;
		return -1;
	}
	if (final_written) {
		err = 0;	/* the last profile is written; keep it */
	} else if (why != CCPROF_WHY_DUMP && ccprof__is_fork_child() &&
		   !ccprof__registry_any_calls() && !ccprof__context_any_calls()) {
		err = 0;	/* a fork child that did nothing profiled */
		final_written = is_last(why);
	} else {
		final_written = is_last(why);
		err = write_locked(why);
		ccprof__fd_room_restore();
		if (final_written)
			warn_foreign_threads();
	}
	ccprof__registry_unlock();
	ccprof__meters_resume();
	errno = err ? err : saved_errno;
	return err ? -1 : 0;
}
