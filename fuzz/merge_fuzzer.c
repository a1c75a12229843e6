/*
 * merge_fuzzer.c - libFuzzer target: libccprof's %m merge (runtime/
 * merge.c) on hostile old profiles.  merge.c parses a file anyone may
 * have written, inside the profiled program's process, so it must never
 * crash, read out of bounds or overflow, whatever the file holds.
 *
 * Each input is the old profile at the merge path.  This run's profile
 * is a fixed one (two modules, three cost centres, one of them with a
 * string that needs escaping), merged into it as writer.c does: header,
 * modules, cost centres, the old file's unmatched ones, end, with the
 * record writers of runtime/format_records.h.  Beyond "no crash, no
 * leak, no undefined behaviour" (ASan, UBSan) it checks:
 *
 *   - an input it accepts yields a profile it accepts in turn: merging
 *     this run into the output again works, adds exactly this run's
 *     calls to this run's cost centres (saturating: the file's calls
 *     never add up to more than 2^63-1, merge.c) and keeps every other
 *     cost centre (nothing lost, nothing counted twice).
 *
 * A broken promise abort()s, which libFuzzer records as a crash.  The
 * files live in a directory of its own under $TMPDIR (or /tmp).  Build
 * and use: docs/fuzzing.md.
 */
#include "format_records.h"
#include "metrics.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[4096], old_path[4200], out_path[4200];

/* outpath.c's, which needs the rest of the runtime: the fuzzer's
 * directory always exists, so merge.c never needs to create it. */
int ccprof__make_parent_dirs(const char *path)
{
	(void)path;
	errno = ENOENT;
	return -1;
}

static const struct ccprof__module_view modules[] = {
	{ "fuzz 1.0", "counters=thread", "a.c" },
	{ "fuzz 1.0", "", "dir\tb.c" },
};

struct our_cc {
	uint32_t module;
	struct ccprof__cc_view v;
};

static struct our_cc ccs[] = {
	{ 0, { .calls = 5, .ticks = 2, .line = 10, .symbol = "main",
	       .file = "a.c", .kind = "function" } },
	{ 0, { .calls = 7, .ticks = 0, .line = 20, .symbol = "f",
	       .file = "a.c", .kind = "anonymous" } },
	{ 1, { .calls = 1, .ticks = 1, .line = 30, .symbol = "g\\x",
	       .file = "dir\tb.c", .kind = "scc" } },
};
#define N_OURS (sizeof(ccs) / sizeof(ccs[0]))

static void cleanup(void)
{
	char lock[4300];

	snprintf(lock, sizeof(lock), "%s.lock", old_path);
	unlink(lock);
	snprintf(lock, sizeof(lock), "%s.lock", out_path);
	unlink(lock);
	unlink(old_path);
	unlink(out_path);
	rmdir(dir);
}

static int setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/ccprof-merge-fuzz.%d",
		 tmp && *tmp ? tmp : "/tmp", (int)getpid());
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		perror(dir);
		abort();
	}
	snprintf(old_path, sizeof(old_path), "%s/old.out", dir);
	snprintf(out_path, sizeof(out_path), "%s/new.out", dir);
	atexit(cleanup);
	return 0;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || ccprof__write_all(fd, (const char *)data, size) != 0) {
		perror(path);
		abort();
	}
	close(fd);
}

/* Merges this run into the profile at PATH and writes the result to
 * OUT_FD, as writer.c does.  Returns merge_begin's result. */
static int merge_into(const char *path, int out_fd)
{
	static struct ccprof__out out;
	struct ccprof__merge *m;
	struct ccprof__header h;
	uint32_t n_mods, n_ccs = 0;

	memset(&h, 0, sizeof(h));
	h.times.start_us = 1000000;
	h.times.wall_us = 2000000;
	h.times.user_us = 1500000;
	h.hz = 1000;
	h.ticks = h.samples = 3;
	h.clock = "cpu-perf";
	h.processes = 1;
	struct ccprof__merge_key key = { h.hz, h.events }, other = { 0, 0 };
	int r = ccprof__merge_begin(&m, path, key, &other);

	if (r > 0) {	/* a file of another rate or other events: take its */
		h.hz = other.hz;
		h.events = other.events;
		r = ccprof__merge_begin(&m, path, other, &other);
	}
	if (r != 0)
		return -1;
	ccprof__out_init(&out, out_fd);
	ccprof__merge_header(m, &h);
	ccprof__put_rec_ccprof(&out, CCPROF_FORMAT_VERSION);
	ccprof__put_rec_program(&out, "fuzz");
	ccprof__put_rec_pid(&out, 1);
	ccprof__put_rec_processes(&out, h.processes);
	ccprof__put_rec_start(&out, h.times.start_us);
	ccprof__put_rec_wall(&out, h.times.wall_us);
	ccprof__put_rec_user(&out, h.times.user_us);
	ccprof__put_rec_sys(&out, h.times.sys_us);
	ccprof__put_rec_hz(&out, h.hz);
	ccprof__put_rec_ticks(&out, h.ticks);
	ccprof__put_rec_samples(&out, h.samples);
	ccprof__put_rec_clock(&out, h.clock);
	{
		char events[256];	/* the old file's, if any */

		ccprof__events_string(h.events, events, sizeof(events));
		ccprof__put_rec_events(&out, events);
	}
	ccprof__put_rec_status(&out, "complete");
	for (n_mods = 0; n_mods < 2; n_mods++) {
		ccprof__merge_module(m, n_mods, &modules[n_mods]);
		ccprof__put_rec_module(&out, n_mods, modules[n_mods].compiler,
				       modules[n_mods].options,
				       modules[n_mods].source);
	}
	n_mods = ccprof__merge_extra_modules(m, &out, n_mods);
	for (; n_ccs < N_OURS; n_ccs++) {
		const struct ccprof__cc_view *v = &ccs[n_ccs].v;
		uint64_t calls = v->calls, ticks = v->ticks;
		uint64_t metrics[CCPROF_N_METRICS] = { 0 };

		ccprof__merge_cc(m, ccs[n_ccs].module, n_ccs, v, &calls,
				 &ticks, metrics);
		ccprof__put_rec_cc(&out, n_ccs, ccs[n_ccs].module, calls,
				   ticks, v->line, v->symbol, v->file, v->kind);
	}
	n_ccs = ccprof__merge_extra_ccs(m, &out, n_ccs);
	/* this run has no contexts: the old file's, kept by path */
	ccprof__merge_extra_ctxs(m, &out, 1);
	ccprof__put_rec_unprofiled(&out, h.unprofiled);
	ccprof__put_rec_end(&out, n_mods, n_ccs);
	if (ccprof__out_flush(&out) != 0)
		abort();
	ccprof__merge_end(m);
	return 0;
}

/* The calls of the first N_OURS cc records of the file at PATH (this
 * run's, which writer.c writes first), and in *SUM those of all of them;
 * returns how many cc records. */
static size_t read_calls(const char *path, uint64_t calls[N_OURS],
			 uint64_t *sum)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	size_t n = 0;

	if (!f)
		abort();
	while (fgets(line, sizeof(line), f)) {
		unsigned long long id, mod, c;

		if (sscanf(line, "cc\t%llu\t%llu\t%llu\t", &id, &mod, &c) != 3)
			continue;
		if (n < N_OURS)
			calls[n] = c;
		*sum = *sum > UINT64_MAX - c ? UINT64_MAX : *sum + c;
		n++;
	}
	fclose(f);
	return n;
}

/* What merge.c adds of B: no more than is left under 2^63-1 for the
 * file's calls in all. */
static uint64_t add_within(uint64_t a, uint64_t b, uint64_t *left)
{
	if (b > *left)
		b = *left;
	*left -= b;
	return a + b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	uint64_t first[N_OURS], second[N_OURS];
	uint64_t sum_first = 0, sum_second = 0, left;
	size_t n_first, n_second;
	int fd;

	if (!ready)
		ready = setup() == 0;
	write_file(old_path, data, size);
	fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		abort();
	if (merge_into(old_path, fd) != 0) {
		close(fd);
		return 0;	/* rejected, with its diagnostic */
	}
	close(fd);
	/* The output is a profile the merger reads, and merging this run
	 * into it again adds exactly this run's calls to this run's cost
	 * centres and keeps every other one. */
	n_first = read_calls(out_path, first, &sum_first);
	fd = open(old_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		abort();
	if (merge_into(out_path, fd) != 0) {
		fprintf(stderr, "merge_fuzzer: merge.c rejects its own "
			"output\n");
		abort();
	}
	close(fd);
	n_second = read_calls(old_path, second, &sum_second);
	if (n_first < N_OURS || n_second != n_first) {
		fprintf(stderr, "merge_fuzzer: %zu cost centres, then %zu\n",
			n_first, n_second);
		abort();
	}
	left = sum_first >= (uint64_t)INT64_MAX ? 0
						: (uint64_t)INT64_MAX - sum_first;
	for (size_t i = 0; i < N_OURS; i++)
		if (second[i] != add_within(first[i], ccs[i].v.calls, &left)) {
			fprintf(stderr, "merge_fuzzer: cc %zu: %llu calls, "
				"expected %llu + %llu\n", i,
				(unsigned long long)second[i],
				(unsigned long long)first[i],
				(unsigned long long)ccs[i].v.calls);
			abort();
		}
	return 0;
}
