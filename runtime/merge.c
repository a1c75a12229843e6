/*
 * merge.c - %m: add this process's counts into the profile already at
 * the path, so that many runs (or many processes at once) of one program
 * accumulate into one file.
 *
 * Under an exclusive flock(2) on "<path>.lock" (created if missing, and
 * left in place: removing a lock file races with the next locker), the
 * writer reads the old profile, writes old + new to a temporary file and
 * renames it over the path (writer.c); the lock is released after the
 * rename.  So 32 processes writing at once lose nothing.
 *
 * Matching: a module of this run pairs with the first unpaired old module
 * that has the same source file; a cost centre matches the old cost
 * centre of the paired module with the same symbol and file (each old one
 * matches at most once, so the n-th of several same-named static
 * functions matches the n-th).  Matched calls and ticks are summed.  Old
 * modules and cost centres without a match are kept, after this run's.
 * The header: this run's program, argv and pid; the earliest start; the
 * sums of wall, user, sys, ticks, unprofiled and processes (an old file
 * of format 1 to 3, which did not count them, counts as one process);
 * this run's hz unless it
 * is 0; this write's status (a pool a process has dumped into, then
 * exited normally, is complete).
 *
 * Saturation: no count, and no sum of calls or ticks over the cost
 * centres (with unprofiled), may pass 2^63-1, the most the reporter
 * (SQLite) holds.  The old file's counts are kept at that, and this
 * run's additions are cut to what is left, with one diagnostic: such
 * counts are only reached by a made-up file, or after centuries.
 *
 * What this process adds is what it counted since its previous merge into
 * the file (the registry keeps the baselines), so a dump followed by the
 * exit write counts everything once.
 *
 * Metrics (format 5, CCPROF_EVENTS): an old cost centre's `metric`
 * records are kept with it and added to its match's; the events record
 * is the union of the old file's and this run's.
 *
 * Contexts (format 6, mode=context): a context of this run matches the
 * old context with the same path, the sequence of cost centres from the
 * root (as cost centres match above); matched counts and metrics are
 * summed, old contexts without a match are kept, after this run's, under
 * their old parents.
 *
 * Rates: an old file of runs sampled at another rate (hz; 0: sampling
 * off) is left alone, and the writer merges this run into "<path>.hzN"
 * instead, N its rate, with a note: ticks are periods of 1/hz, and
 * adding ticks of 100 Hz to ticks of 1000 Hz gave the slower run a tenth
 * of its share (a run of hz 0 has CPU time but no ticks, and its time
 * went to the other runs' functions).  So each file holds one rate.
 * Events the same way: an old file of runs that recorded other
 * CCPROF_EVENTS is left alone too (the writer goes to "<path>.ev-E";
 * a file of version 4 or older, from before events, is merged into):
 * added up, an alloc_bytes column measured by one process of four read
 * as the pool's, with nothing to say that three did not measure it.
 *
 * An old file that is not a profile of format version 1 to 6 is left
 * alone: one diagnostic, and this run's profile is not written.  An
 * older file is merged and rewritten as version 6; a version-1 file
 * (written before profiles counted samples) has its samples taken to be
 * its ticks: the only figure it has, exact at rates up to CONFIG_HZ.
 *
 * Async-signal-safe (a fatal signal may write a merged profile): the old
 * file is read with mmap, the tables live in an anonymous mmap, the lock
 * is taken by polling flock with nanosleep.  Runs under the writer's lock,
 * so the static state is never shared.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "file_calls.h"
#include "format_records.h"
#include "metrics.h"
#include "runtime_internal.h"

#define LOCK_TIMEOUT_MS 60000

struct old_module {
	struct ccprof__field compiler, options, source;
	int64_t ours;		/* the paired module of this run, or -1 */
	uint32_t new_id;	/* unpaired: its id in the merged file */
};

struct old_cc {
	uint32_t module;
	uint32_t matched;
	uint64_t calls, ticks;
	uint64_t line;
	struct ccprof__field symbol, file;
	const char *kind;	/* "function" before version 4 */
	uint64_t metrics[CCPROF_N_METRICS];
	uint64_t new_id;	/* its id in the merged file */
};

struct old_ctx {
	int64_t parent;		/* old ctx index, -1: the root */
	uint32_t cc;		/* old cc index */
	uint32_t matched;
	int64_t first_child, next_sibling;	/* old ctx indices, or -1 */
	uint64_t calls, ticks;
	uint64_t new_id;	/* its id in the merged file */
	uint64_t metrics[CCPROF_N_METRICS];
};

struct ccprof__merge {
	int lock_fd;
	const char *map;	/* the old profile, or NULL */
	size_t map_len;
	void *arena;
	size_t arena_len;
	struct ccprof__header old;
	int old_version;	/* of the old file's format: 1 to 6 */
	struct ccprof__field old_clock;	/* empty before version 3 */
	unsigned old_events;	/* before version 5: none */
	uint64_t old_unprofiled[CCPROF_N_METRICS];
	struct old_module *mods;
	uint32_t n_mods;
	struct old_cc *ccs;
	uint32_t n_ccs;
	struct old_ctx *ctxs;
	uint64_t n_ctxs;
	int64_t first_top, last_top;	/* the root's children */
	uint32_t *table;	/* old cc index + 1, or 0 */
	size_t table_mask;
	int table_built;
	/* What may still be added before the file's calls or ticks (over
	 * all cost centres, and unprofiled) pass COUNT_MAX. */
	uint64_t calls_left, ticks_left;
	int saturated;		/* something was kept at COUNT_MAX */
	const char *path;
};

/* The largest count a profile may hold: the reporter keeps counts, and
 * their sums over a run, in SQLite's 64-bit signed integers. */
#define COUNT_MAX ((uint64_t)INT64_MAX)

static struct ccprof__merge merge;
static char lock_path[CCPROF_PATH_MAX + 8];

/* ---- escaped fields: the old file's are kept escaped ---- */

/* The bytes that stand for c in an escaped field; returns how many. */
static size_t escape_char(unsigned char c, char out[4])
{
	static const char hex[] = "0123456789abcdef";

	switch (c) {
	case '\\': out[0] = '\\'; out[1] = '\\'; return 2;
	case '\t': out[0] = '\\'; out[1] = 't'; return 2;
	case '\n': out[0] = '\\'; out[1] = 'n'; return 2;
	case '\r': out[0] = '\\'; out[1] = 'r'; return 2;
	default:
		if (c < 0x20 || c == 0x7f) {
			out[0] = '\\';
			out[1] = 'x';
			out[2] = hex[c >> 4];
			out[3] = hex[c & 15];
			return 4;
		}
		out[0] = (char)c;
		return 1;
	}
}

static int escaped_equals(struct ccprof__field f, const char *raw)
{
	size_t at = 0;

	for (; *raw; raw++) {
		char esc[4];
		size_t n = escape_char((unsigned char)*raw, esc);

		if (at + n > f.n || memcmp(f.p + at, esc, n) != 0)
			return 0;
		at += n;
	}
	return at == f.n;
}

static uint64_t hash_raw(uint64_t h, const char *raw)
{
	for (; *raw; raw++) {
		char esc[4];

		h = ccprof__fnv1a(h, esc, escape_char((unsigned char)*raw, esc));
	}
	return ccprof__fnv1a(h, "\t", 1);
}

static uint64_t hash_slice(uint64_t h, struct ccprof__field f)
{
	return ccprof__fnv1a(ccprof__fnv1a(h, f.p, f.n), "\t", 1);
}

static uint64_t hash_key(int64_t module)
{
	uint64_t m = (uint64_t)module;

	return ccprof__fnv1a(CCPROF_FNV_INIT, &m, sizeof(m));
}

/* ---- the lock ---- */

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (ccprof__sys_nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static int take_lock(const char *path)
{
	size_t len = strlen(path);
	long waited = 0, nap = 1;
	int fd;

	if (len + 6 > sizeof(lock_path))
		return ENAMETOOLONG;
	memcpy(lock_path, path, len);
	memcpy(lock_path + len, ".lock", 6);
	fd = ccprof__open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 && errno == ENOENT) {
		if (ccprof__make_parent_dirs(lock_path) != 0)
			return errno;
		fd = ccprof__open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	}
	if (fd < 0)
		return errno;
	while (ccprof__sys_flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int err = errno;

		if ((err != EWOULDBLOCK && err != EINTR) ||
		    waited >= LOCK_TIMEOUT_MS) {
			ccprof__sys_close(fd);
			return err == EWOULDBLOCK ? ETIMEDOUT : err;
		}
		nap_ms(nap);
		waited += nap;
		if (nap < 32)
			nap *= 2;
	}
	merge.lock_fd = fd;
	return 0;
}

/* ---- parsing the old profile ---- */

struct parser {
	const char *at, *end;
	uint32_t lineno;
	struct ccprof__field f[1 + CCPROF_NF_cc + 1];	/* the widest, and one */
	int nf;
	const char *what;	/* what is wrong, for the diagnostic */
};

/* The next line's fields; 0 at the end of the file, -1 if malformed. */
static int next_line(struct parser *ps)
{
	const char *nl;

	if (ps->at == ps->end)
		return 0;
	ps->lineno++;
	nl = memchr(ps->at, '\n', (size_t)(ps->end - ps->at));
	if (!nl) {
		ps->what = "the last line has no end";
		return -1;
	}
	ps->nf = 0;
	for (const char *p = ps->at;;) {
		const char *tab = memchr(p, '\t', (size_t)(nl - p));
		const char *stop = tab ? tab : nl;

		if (ps->nf == (int)(sizeof(ps->f) / sizeof(ps->f[0]))) {
			ps->what = "too many fields";
			return -1;
		}
		ps->f[ps->nf].p = p;
		ps->f[ps->nf].n = (size_t)(stop - p);
		ps->nf++;
		if (!tab)
			break;
		p = tab + 1;
	}
	ps->at = nl + 1;
	return 1;
}

static int is_word(struct ccprof__field f, const char *w)
{
	size_t n = strlen(w);

	return f.n == n && memcmp(f.p, w, n) == 0;
}

/* Any uint64_t the writer can write (up to 20 digits). */
static int parse_u64(struct ccprof__field f, uint64_t *v)
{
	uint64_t x = 0;

	if (f.n == 0 || f.n > 20)
		return -1;
	for (size_t i = 0; i < f.n; i++) {
		uint64_t digit = (uint64_t)(f.p[i] - '0');

		if (f.p[i] < '0' || f.p[i] > '9' ||
		    x > (UINT64_MAX - digit) / 10)
			return -1;
		x = x * 10 + digit;
	}
	*v = x;
	return 0;
}

/* Sums saturate, so a merged file always holds numbers a merge reads
 * back (found by fuzz/merge_fuzzer.c). */
static uint64_t add_u64(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

#define MAX_SECONDS 1000000000000LL	/* the most parse_seconds reads */

static int64_t add_us(int64_t a, int64_t b)
{
	int64_t max = MAX_SECONDS * 1000000;

	return a > max - b ? max : a + b;
}

/* "S.FFFFFF" into microseconds. */
static int parse_seconds(struct ccprof__field f, int64_t *us)
{
	const char *dot = memchr(f.p, '.', f.n);
	struct ccprof__field whole = { f.p, dot ? (size_t)(dot - f.p) : f.n };
	uint64_t s, frac = 0;
	size_t digits = 0;

	if (parse_u64(whole, &s) != 0 || s > (uint64_t)MAX_SECONDS)
		return -1;
	if (dot) {
		for (const char *p = dot + 1; p < f.p + f.n; p++) {
			if (*p < '0' || *p > '9')
				return -1;
			if (digits < 6) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				digits++;
			}
		}
		if (digits == 0)
			return -1;
	}
	for (; digits < 6; digits++)
		frac *= 10;
	*us = (int64_t)(s * 1000000 + frac);
	return 0;
}

/* The values of the `clock` record (docs/format.md). */
static const char *const clocks[] = {
	"cpu-perf", "cpu-timer", "cpu-mixed", "wall", "mixed", "off",
};

static int known_clock(struct ccprof__field f)
{
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (is_word(f, clocks[i]))
			return 1;
	return 0;
}

/* The clock of runs measured with OLD and NEW merged into one. */
static const char *merged_clock(struct ccprof__field old, const char *new)
{
	size_t i;

	if (!old.n || is_word(old, "off") || is_word(old, new))
		return new;
	for (i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (is_word(old, clocks[i]))
			break;
	if (i == sizeof(clocks) / sizeof(clocks[0]) || strcmp(new, "off") == 0)
		return i < sizeof(clocks) / sizeof(clocks[0]) ? clocks[i] : new;
	if (strncmp(clocks[i], "cpu-", 4) == 0 && strncmp(new, "cpu-", 4) == 0)
		return "cpu-mixed";
	return "mixed";
}

/* The kinds of cost centre (ccprof_abi.def), as the cc record's last
 * field names them. */
static const char *const kinds[] = {
#define CCPROF_ABI_CC_KIND(Id, Value, Name) Name,
#include "ccprof_abi.def"
};

static const char *known_kind(struct ccprof__field f)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (is_word(f, kinds[i]))
			return kinds[i];
	return NULL;
}

/* The records of ccprof_format.def; fields counts the keyword. */
static const struct {
	const char *key;
	int fields;
} records[] = {
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	{ #Keyword, 1 + CCPROF_NF_##Keyword },
#include "ccprof_format.def"
};

/* What parse_record converts, field by field. */
_Static_assert(CCPROF_NF_module == 4, "parse_record reads 4 module fields");
_Static_assert(CCPROF_NF_cc == 8, "parse_record reads 8 cc fields");
_Static_assert(CCPROF_NF_end == 2, "parse_record reads 2 end fields");
_Static_assert(CCPROF_NF_metric == 3, "parse_record reads 3 metric fields");
_Static_assert(CCPROF_NF_ctx == 5, "parse_record reads 5 ctx fields");
_Static_assert(CCPROF_NF_ctx_metric == 3,
	       "parse_record reads 3 ctx_metric fields");
_Static_assert(CCPROF_NF_unprofiled_metric == 2,
	       "parse_record reads 2 unprofiled_metric fields");

/* "alloc,io": the old file's events (version 5). */
static int parse_events(struct parser *ps, struct ccprof__field f)
{
	const char *p = f.p, *end = f.p + f.n;

	ps->what = "events record before version 5, or an unknown event";
	if (merge.old_version < 5)
		return -1;
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		int e = ccprof__event_by_name(p, (size_t)(stop - p));

		if (e < 0)
			return -1;
		merge.old_events |= CCPROF_EVENT_BIT(e);
		p = comma ? comma + 1 : end;
	}
	return 0;
}

/* NAME VALUE of a metric of an event the file has on, added to v[]. */
static int parse_metric(struct ccprof__field name, struct ccprof__field value,
			uint64_t *v)
{
	int m = ccprof__metric_by_name(name.p, name.n);
	uint64_t x;

	if (m < 0 || parse_u64(value, &x) != 0 ||
	    !(merge.old_events & CCPROF_EVENT_BIT(ccprof__metric_event[m])))
		return -1;
	v[m] = add_u64(v[m], x);
	return 0;
}

static int parse_record(struct parser *ps, int *ended)
{
	struct ccprof__header *h = &merge.old;
	struct ccprof__field *f = ps->f;
	uint64_t v, w;
	size_t r;

	for (r = 0; r < sizeof(records) / sizeof(records[0]); r++)
		if (is_word(f[0], records[r].key))
			break;
	if (r == sizeof(records) / sizeof(records[0])) {
		ps->what = "unknown record";
		return -1;
	}
	/* A cc of version 1 to 3 has no kind. */
	if (ps->nf != records[r].fields -
			      (is_word(f[0], "cc") && merge.old_version < 4)) {
		ps->what = "wrong number of fields";
		return -1;
	}
	if (is_word(f[0], "ccprof")) {
		ps->what = "a second ccprof record";
		return -1;
	}
	ps->what = "bad number";
	if (is_word(f[0], "start"))
		return parse_seconds(f[1], &h->times.start_us);
	if (is_word(f[0], "wall"))
		return parse_seconds(f[1], &h->times.wall_us);
	if (is_word(f[0], "user"))
		return parse_seconds(f[1], &h->times.user_us);
	if (is_word(f[0], "sys"))
		return parse_seconds(f[1], &h->times.sys_us);
	if (is_word(f[0], "hz")) {
		if (parse_u64(f[1], &v) != 0 || v > CCPROF_MAX_HZ)
			return -1;
		h->hz = (unsigned)v;
		return 0;
	}
	if (is_word(f[0], "ticks"))
		return parse_u64(f[1], &h->ticks);
	if (is_word(f[0], "samples")) {
		if (merge.old_version < 2) {
			ps->what = "samples record in a version 1 profile";
			return -1;
		}
		return parse_u64(f[1], &h->samples);
	}
	if (is_word(f[0], "clock")) {
		ps->what = "clock record in a profile of version 1 or 2, or an "
			   "unknown clock";
		if (merge.old_version < 3 || !known_clock(f[1]))
			return -1;
		merge.old_clock = f[1];
		return 0;
	}
	if (is_word(f[0], "unprofiled"))
		return parse_u64(f[1], &h->unprofiled);
	if (is_word(f[0], "processes")) {
		if (merge.old_version < 4) {
			ps->what = "processes record in a profile of version "
				   "1 to 3";
			return -1;
		}
		return parse_u64(f[1], &h->processes);
	}
	if (is_word(f[0], "events"))
		return parse_events(ps, f[1]);
	if (is_word(f[0], "metric")) {
		ps->what = "metric of an unknown cost centre, or a bad metric";
		if (parse_u64(f[1], &v) != 0 || v >= merge.n_ccs)
			return -1;
		return parse_metric(f[2], f[3], merge.ccs[v].metrics);
	}
	if (is_word(f[0], "unprofiled_metric")) {
		ps->what = "bad unprofiled metric";
		return parse_metric(f[1], f[2], merge.old_unprofiled);
	}
	if (is_word(f[0], "pid"))
		return parse_u64(f[1], &v);
	if (is_word(f[0], "status")) {
		ps->what = "bad status";
		if (is_word(f[1], "incomplete"))
			h->incomplete = 1;
		else if (!is_word(f[1], "complete"))
			return -1;
		return 0;
	}
	if (is_word(f[0], "module")) {
		struct old_module *m = &merge.mods[merge.n_mods];

		if (parse_u64(f[1], &v) != 0)
			return -1;
		ps->what = "module ids out of order";
		if (v != merge.n_mods)
			return -1;
		m->compiler = f[2];
		m->options = f[3];
		m->source = f[4];
		m->ours = -1;
		merge.n_mods++;
		return 0;
	}
	if (is_word(f[0], "cc")) {
		struct old_cc *c = &merge.ccs[merge.n_ccs];
		uint64_t line;

		if (parse_u64(f[1], &v) != 0 || parse_u64(f[2], &w) != 0 ||
		    parse_u64(f[3], &c->calls) != 0 ||
		    parse_u64(f[4], &c->ticks) != 0 ||
		    parse_u64(f[5], &line) != 0)
			return -1;
		ps->what = "cc ids out of order, or an unknown module";
		if (v != merge.n_ccs || w >= merge.n_mods)
			return -1;
		c->module = (uint32_t)w;
		c->matched = 0;
		memset(c->metrics, 0, sizeof(c->metrics));
		c->line = line;
		c->symbol = f[6];
		c->file = f[7];
		c->kind = "function";
		if (merge.old_version >= 4) {
			ps->what = "unknown cost centre kind";
			c->kind = known_kind(f[8]);
			if (!c->kind)
				return -1;
		}
		merge.n_ccs++;
		return 0;
	}
	if (is_word(f[0], "ctx")) {
		struct old_ctx *c = &merge.ctxs[merge.n_ctxs];
		uint64_t cc;

		if (parse_u64(f[1], &v) != 0 || parse_u64(f[2], &w) != 0 ||
		    parse_u64(f[3], &cc) != 0 ||
		    parse_u64(f[4], &c->calls) != 0 ||
		    parse_u64(f[5], &c->ticks) != 0)
			return -1;
		ps->what = "ctx ids out of order, a parent not before its "
			   "child, or an unknown cost centre";
		if (merge.old_version < 6 || v != merge.n_ctxs + 1 ||
		    w > merge.n_ctxs || cc >= merge.n_ccs)
			return -1;
		c->parent = (int64_t)w - 1;
		c->cc = (uint32_t)cc;
		c->matched = 0;
		c->first_child = c->next_sibling = -1;
		memset(c->metrics, 0, sizeof(c->metrics));
		/* children in file order: appended */
		{
			int64_t me = (int64_t)merge.n_ctxs, *head;

			head = c->parent < 0 ? &merge.first_top
					     : &merge.ctxs[c->parent].first_child;
			if (*head < 0) {
				*head = me;
			} else {
				int64_t k = *head;

				while (merge.ctxs[k].next_sibling >= 0)
					k = merge.ctxs[k].next_sibling;
				merge.ctxs[k].next_sibling = me;
			}
		}
		merge.n_ctxs++;
		return 0;
	}
	if (is_word(f[0], "ctx_metric")) {
		ps->what = "ctx_metric of an unknown context, or a bad metric";
		if (parse_u64(f[1], &v) != 0 || v == 0 || v > merge.n_ctxs)
			return -1;
		return parse_metric(f[2], f[3], merge.ctxs[v - 1].metrics);
	}
	if (is_word(f[0], "end")) {
		if (parse_u64(f[1], &v) != 0 || parse_u64(f[2], &w) != 0)
			return -1;
		ps->what = "the end counts disagree with the records";
		if (v != merge.n_mods || w != merge.n_ccs)
			return -1;
		*ended = 1;
		return 0;
	}
	return 0;	/* program, argv: this run's are written */
}

static uint64_t clamp(uint64_t v)
{
	if (v <= COUNT_MAX)
		return v;
	merge.saturated = 1;
	return COUNT_MAX;
}

/* a + b, both at most COUNT_MAX, kept at COUNT_MAX. */
static uint64_t sat_add(struct ccprof__merge *m, uint64_t a, uint64_t b)
{
	if (a > COUNT_MAX - b) {
		m->saturated = 1;
		return COUNT_MAX;
	}
	return a + b;
}

/* The old file's counts (at most COUNT_MAX each) and what is left. */
static void count_old(void)
{
	uint64_t calls = 0, ticks;

	merge.old.ticks = clamp(merge.old.ticks);
	merge.old.samples = clamp(merge.old.samples);
	merge.old.unprofiled = clamp(merge.old.unprofiled);
	ticks = merge.old.unprofiled;
	for (uint32_t i = 0; i < merge.n_ccs; i++) {
		struct old_cc *c = &merge.ccs[i];

		c->calls = clamp(c->calls);
		c->ticks = clamp(c->ticks);
		calls = sat_add(&merge, calls, c->calls);
		ticks = sat_add(&merge, ticks, c->ticks);
	}
	merge.calls_left = COUNT_MAX - calls;
	merge.ticks_left = COUNT_MAX - ticks;
}

/* At most what is left of *left, taken from it. */
static uint64_t take(struct ccprof__merge *m, uint64_t v, uint64_t *left)
{
	if (v > *left) {
		m->saturated = 1;
		v = *left;
	}
	*left -= v;
	return v;
}

static int parse_old(struct parser *ps)
{
	int ended = 0, rc;

	ps->what = "not a ccprof profile of format version 1 to 6";
	if (next_line(ps) != 1 || ps->nf != 2 || !is_word(ps->f[0], "ccprof"))
		return -1;
	merge.old_clock.n = 0;
	merge.old.processes = 1;	/* before version 4: one, we assume */
	merge.first_top = -1;
	if (is_word(ps->f[1], "6"))
		merge.old_version = 6;
	else if (is_word(ps->f[1], "5"))
		merge.old_version = 5;
	else if (is_word(ps->f[1], "4"))
		merge.old_version = 4;
	else if (is_word(ps->f[1], "3"))
		merge.old_version = 3;
	else if (is_word(ps->f[1], "2"))
		merge.old_version = 2;
	else if (is_word(ps->f[1], "1"))
		merge.old_version = 1;
	else
		return -1;
	while ((rc = next_line(ps)) == 1) {
		if (ended) {
			ps->what = "records after end";
			return -1;
		}
		if (parse_record(ps, &ended) != 0)
			return -1;
	}
	if (rc < 0)
		return -1;
	if (!ended) {
		ps->what = "no end record: truncated";
		return -1;
	}
	if (merge.old_version == 1)
		merge.old.samples = merge.old.ticks;
	count_old();
	return 0;
}

/* Room for the tables: at most one module or cc per line. */
static int make_arena(void)
{
	size_t lines = 0, cap = 16;
	char *p;

	for (size_t i = 0; i < merge.map_len; i++)
		lines += merge.map[i] == '\n';
	while (cap < lines * 2)
		cap *= 2;
	merge.arena_len = lines * (sizeof(struct old_module) +
				   sizeof(struct old_cc) +
				   sizeof(struct old_ctx)) +
			  cap * sizeof(uint32_t) + 64;
	p = ccprof__sys_mmap(NULL, merge.arena_len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		merge.arena = NULL;
		return errno;
	}
	merge.arena = p;
	merge.table = (uint32_t *)p;
	merge.table_mask = cap - 1;
	p += cap * sizeof(uint32_t);
	merge.ccs = (struct old_cc *)p;
	p += lines * sizeof(struct old_cc);
	merge.ctxs = (struct old_ctx *)p;
	p += lines * sizeof(struct old_ctx);
	merge.mods = (struct old_module *)p;
	return 0;
}

static int read_old(const char *path)
{
	struct parser ps;
	struct stat st;
	int fd = ccprof__open(path, O_RDONLY | O_CLOEXEC, 0);
	char num[20];
	int err;

	if (fd < 0)
		return errno == ENOENT ? 0 : errno;
	if (ccprof__sys_fstat(fd, &st) != 0) {
		err = errno;
		ccprof__sys_close(fd);
		return err;
	}
	if (st.st_size > 0) {
		void *p = ccprof__sys_mmap(NULL, (size_t)st.st_size, PROT_READ,
					   MAP_PRIVATE, fd, 0);

		if (p == MAP_FAILED) {
			err = errno;
			ccprof__sys_close(fd);
			return err;
		}
		merge.map = p;
		merge.map_len = (size_t)st.st_size;
	}
	ccprof__sys_close(fd);
	err = make_arena();
	if (err)
		return err;
	memset(&ps, 0, sizeof(ps));
	ps.at = merge.map;
	ps.end = merge.map ? merge.map + merge.map_len : NULL;	/* empty */
	if (parse_old(&ps) != 0) {
		num[ccprof__fmt_u64(num, ps.lineno ? ps.lineno : 1)] = '\0';
		ccprof__say("cannot merge into '", path, "': line ", num, ": ",
			    ps.what, "; the file is left as it is and this "
			    "profile is not written", (char *)NULL);
		return -1;
	}
	return 0;
}

void ccprof__merge_end(struct ccprof__merge *m)
{
	if (m->saturated && m->path)
		ccprof__say("merging into '", m->path, "': counts that would "
			    "pass 2^63-1 were kept at 9223372036854775807 (the "
			    "most a profile may hold); what is above it is "
			    "not counted", (char *)NULL);
	if (m->map)
		ccprof__sys_munmap((void *)m->map, m->map_len);
	if (m->arena)
		ccprof__sys_munmap(m->arena, m->arena_len);
	if (m->lock_fd >= 0)
		ccprof__sys_close(m->lock_fd);	/* releases the flock */
	memset(m, 0, sizeof(*m));
	m->lock_fd = -1;
}

/* Lock and read the old profile at path.  0; -1 after a diagnostic; 1
 * if it holds runs sampled at another rate or with other events than
 * KEY's (theirs in *OTHER), nothing held then. */
int ccprof__merge_begin(struct ccprof__merge **mp, const char *path,
			struct ccprof__merge_key key,
			struct ccprof__merge_key *other)
{
	int err;

	memset(&merge, 0, sizeof(merge));
	merge.lock_fd = -1;
	merge.path = path;
	err = take_lock(path);
	if (err) {
		ccprof__say("cannot lock '", lock_path, "' to merge the "
			    "profile: ", ccprof__strerror(err), (char *)NULL);
		return -1;
	}
	err = read_old(path);
	if (err) {
		if (err > 0)
			ccprof__say("cannot merge into '", path, "': ",
				    ccprof__strerror(err), (char *)NULL);
		ccprof__merge_end(&merge);
		return -1;
	}
	if (merge.map && (merge.old.hz != key.hz ||
			  (merge.old_version >= 5 &&
			   merge.old_events != key.events))) {
		other->hz = merge.old.hz;
		other->events = merge.old_events;
		ccprof__merge_end(&merge);
		return 1;
	}
	*mp = &merge;
	return 0;
}

/* ---- merging, record by record, as the writer writes ---- */

void ccprof__merge_header(struct ccprof__merge *m, struct ccprof__header *h)
{
	if (!m->map) {
		/* A new file (or one removed since this process dumped into
		 * it) holds this process. */
		if (h->processes == 0)
			h->processes = 1;
		return;
	}
	if (m->old.times.start_us < h->times.start_us)
		h->times.start_us = m->old.times.start_us;
	h->times.wall_us = add_us(h->times.wall_us, m->old.times.wall_us);
	h->times.user_us = add_us(h->times.user_us, m->old.times.user_us);
	h->times.sys_us = add_us(h->times.sys_us, m->old.times.sys_us);
	h->ticks = sat_add(m, m->old.ticks, clamp(h->ticks));
	h->samples = sat_add(m, m->old.samples, clamp(h->samples));
	h->unprofiled = m->old.unprofiled +
			take(m, h->unprofiled, &m->ticks_left);
	h->processes = sat_add(m, m->old.processes, clamp(h->processes));
	if (h->hz == 0)
		h->hz = m->old.hz;
	h->clock = merged_clock(m->old_clock, h->clock);
	h->events |= m->old_events;
}

void ccprof__merge_unprofiled_metrics(struct ccprof__merge *m,
				      uint64_t *metrics)
{
	for (int k = 0; k < CCPROF_N_METRICS; k++)
		metrics[k] = add_u64(metrics[k], m->old_unprofiled[k]);
}

void ccprof__merge_module(struct ccprof__merge *m, uint32_t id,
			  const struct ccprof__module_view *v)
{
	for (uint32_t k = 0; k < m->n_mods; k++)
		if (m->mods[k].ours < 0 &&
		    escaped_equals(m->mods[k].source, v->source)) {
			m->mods[k].ours = id;
			return;
		}
}

static void build_table(struct ccprof__merge *m)
{
	for (uint32_t i = 0; i < m->n_ccs; i++) {
		const struct old_cc *c = &m->ccs[i];
		int64_t ours = m->mods[c->module].ours;
		uint64_t h;
		size_t at;

		if (ours < 0)
			continue;
		h = hash_slice(hash_slice(hash_key(ours), c->symbol), c->file);
		for (at = h & m->table_mask; m->table[at];
		     at = (at + 1) & m->table_mask)
			;
		m->table[at] = i + 1;
	}
	m->table_built = 1;
}

void ccprof__merge_cc(struct ccprof__merge *m, uint32_t module_id,
		      uint32_t new_id, const struct ccprof__cc_view *v,
		      uint64_t *calls, uint64_t *ticks, uint64_t *metrics)
{
	uint64_t h;

	if (!m->map)
		return;
	*calls = take(m, *calls, &m->calls_left);
	*ticks = take(m, *ticks, &m->ticks_left);
	if (!m->table_built)
		build_table(m);
	h = hash_raw(hash_raw(hash_key(module_id), v->symbol), v->file);
	for (size_t at = h & m->table_mask; m->table[at];
	     at = (at + 1) & m->table_mask) {
		struct old_cc *c = &m->ccs[m->table[at] - 1];

		if (c->matched || m->mods[c->module].ours != module_id ||
		    !escaped_equals(c->symbol, v->symbol) ||
		    !escaped_equals(c->file, v->file))
			continue;
		c->matched = 1;
		c->new_id = new_id;
		*calls = add_u64(*calls, c->calls);
		*ticks = add_u64(*ticks, c->ticks);
		for (int k = 0; k < CCPROF_N_METRICS; k++)
			metrics[k] = add_u64(metrics[k], c->metrics[k]);
		return;
	}
}

/* The old modules no module of this run paired with, numbered from
 * first_id; returns the module count so far. */
uint32_t ccprof__merge_extra_modules(struct ccprof__merge *m,
				     struct ccprof__out *o, uint32_t first_id)
{
	uint32_t id = first_id;

	for (uint32_t k = 0; k < m->n_mods; k++) {
		struct old_module *om = &m->mods[k];

		if (om->ours >= 0)
			continue;
		om->new_id = id;
		ccprof__put_old_module(o, id, om->compiler, om->options,
				       om->source);
		id++;
	}
	return id;
}

/* The old cost centres nothing of this run matched, numbered from
 * first_id; returns the cc count so far. */
uint32_t ccprof__merge_extra_ccs(struct ccprof__merge *m,
				 struct ccprof__out *o, uint32_t first_id)
{
	uint32_t id = first_id;

	for (uint32_t i = 0; i < m->n_ccs; i++) {
		const struct old_cc *c = &m->ccs[i];
		const struct old_module *om = &m->mods[c->module];

		if (c->matched)
			continue;
		merge.ccs[i].new_id = id;
		ccprof__put_old_cc(o, id,
				   om->ours >= 0 ? (uint64_t)om->ours
						 : om->new_id,
				   c->calls, c->ticks, c->line, c->symbol,
				   c->file, c->kind);
		for (int k = 0; k < CCPROF_N_METRICS; k++)
			if (c->metrics[k])
				ccprof__put_rec_metric(o, id,
						       ccprof__metric_names[k],
						       c->metrics[k]);
		id++;
	}
	return id;
}

/* The old context under old context PARENT (-1: the root; -2: a parent
 * with no old match, so none) whose cost centre is now NEW_CC, not yet
 * matched; its counts and metrics are added, and it is marked.  Returns
 * its index, or -2. */
int64_t ccprof__merge_ctx(struct ccprof__merge *m, int64_t parent,
			  uint64_t new_cc, uint64_t *calls, uint64_t *ticks,
			  uint64_t *metrics)
{
	int64_t k;

	if (!m->map || parent < -1)
		return -2;
	k = parent < 0 ? m->first_top : m->ctxs[parent].first_child;
	for (; k >= 0; k = m->ctxs[k].next_sibling) {
		struct old_ctx *c = &m->ctxs[k];

		if (c->matched || m->ccs[c->cc].new_id != new_cc)
			continue;
		c->matched = 1;
		*calls = add_u64(*calls, c->calls);
		*ticks = add_u64(*ticks, c->ticks);
		for (int j = 0; j < CCPROF_N_METRICS; j++)
			metrics[j] = add_u64(metrics[j], c->metrics[j]);
		return k;
	}
	return -2;
}

/* Records that old context K is written as NEW_ID. */
void ccprof__merge_ctx_written(struct ccprof__merge *m, int64_t k,
			       uint64_t new_id)
{
	if (k >= 0)
		m->ctxs[k].new_id = new_id;
}

/* The old contexts nothing of this run matched, numbered from first_id,
 * in the old file's order (parents first); returns the next id. */
uint64_t ccprof__merge_extra_ctxs(struct ccprof__merge *m,
				  struct ccprof__out *o, uint64_t first_id)
{
	uint64_t id = first_id;

	for (uint64_t i = 0; i < m->n_ctxs; i++) {
		struct old_ctx *c = &m->ctxs[i];

		if (c->matched)
			continue;
		c->new_id = id;
		ccprof__put_rec_ctx(o, id,
				    c->parent < 0 ? 0 : m->ctxs[c->parent].new_id,
				    m->ccs[c->cc].new_id, c->calls, c->ticks);
		for (int k = 0; k < CCPROF_N_METRICS; k++)
			if (c->metrics[k])
				ccprof__put_rec_ctx_metric(
					o, id, ccprof__metric_names[k],
					c->metrics[k]);
		id++;
	}
	return id;
}
