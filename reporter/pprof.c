/*
 * pprof.c - --format pprof (see context_formats.h): the run as a
 * gzipped profile.proto, the format of Go's and gperftools' pprof
 * (github.com/google/pprof, proto/profile.proto).
 *
 * Sample types: ticks (count), cpu (nanoseconds: ticks times the run's
 * CPU seconds per tick) and calls (count), then the metrics of the
 * events of CCPROF_EVENTS the run recorded (alloc_bytes: bytes, the
 * others: count); cpu is the default.  One sample per calling context
 * (contexts of no value left out), its locations the context's path
 * from the context itself up to the outermost caller, its values the
 * context's own ticks, CPU time, calls and metrics; pprof adds them up into flat (self) and cumulative costs, so
 * `pprof -top` shows each function's self time and exact calls.  One
 * function and one location per function of the run (no addresses: a
 * location stands for the function, at its first line); functions carry
 * the display name, the linkage name and the file.  The period is the
 * nanoseconds of a tick; time_nanos and duration_nanos the run's start
 * and wall time.  The encoding is protobuf.c's; the gzip stream zlib's.
 */
#include "context_formats.h"

#include "context_tree.h"
#include "diag.h"
#include "metrics.h"
#include "protobuf.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* profile.proto's field numbers. */
enum {
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5, PROFILE_STRING_TABLE = 6,
	PROFILE_TIME_NANOS = 9, PROFILE_DURATION_NANOS = 10,
	PROFILE_PERIOD_TYPE = 11, PROFILE_PERIOD = 12,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	VALUE_TYPE_TYPE = 1, VALUE_TYPE_UNIT = 2,
	SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE = 2,
	LOCATION_ID = 1, LOCATION_LINE = 4,
	LINE_FUNCTION_ID = 1, LINE_LINE = 2,
	FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_SYSTEM_NAME = 3,
	FUNCTION_FILENAME = 4, FUNCTION_START_LINE = 5
};

/* The string table: index 0 is "", as profile.proto requires. */
struct strings {
	const char **s;
	size_t n, cap;
	size_t *slots;		/* open addressing: index + 1, 0 empty */
	size_t n_slots;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int strings_grow(struct strings *st)
{
	size_t n_slots = st->n_slots ? 2 * st->n_slots : 1024;
	size_t *slots = calloc(n_slots, sizeof *slots);

	if (!slots)
		return -1;
	for (size_t i = 0; i < st->n; i++) {
		size_t h = hash(st->s[i]) & (n_slots - 1);

		while (slots[h])
			h = (h + 1) & (n_slots - 1);
		slots[h] = i + 1;
	}
	free(st->slots);
	st->slots = slots;
	st->n_slots = n_slots;
	return 0;
}

/* S's index, added if new; -1 if out of memory.  S must outlive ST. */
static int64_t intern(struct strings *st, const char *s)
{
	size_t h;

	if (2 * (st->n + 1) > st->n_slots && strings_grow(st) != 0)
		return -1;
	for (h = hash(s) & (st->n_slots - 1); st->slots[h];
	     h = (h + 1) & (st->n_slots - 1))
		if (strcmp(st->s[st->slots[h] - 1], s) == 0)
			return (int64_t)st->slots[h] - 1;
	if (st->n == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 256;
		const char **m = realloc(st->s, cap * sizeof *m);

		if (!m)
			return -1;
		st->s = m;
		st->cap = cap;
	}
	st->s[st->n] = s;
	st->slots[h] = ++st->n;
	return (int64_t)st->n - 1;
}

static void put_value_type(struct pb_buf *b, struct pb_buf *tmp,
			   unsigned field, int64_t type, int64_t unit)
{
	pb_reset(tmp);
	pb_varint(tmp, VALUE_TYPE_TYPE, (uint64_t)type);
	pb_varint(tmp, VALUE_TYPE_UNIT, (uint64_t)unit);
	pb_bytes(b, field, tmp->data, tmp->len);
}

/* The run's start and wall time, in nanoseconds. */
static void run_times(sqlite3 *db, int64_t run, int64_t *start,
		      int64_t *wall)
{
	sqlite3_stmt *stmt;

	*start = *wall = 0;
	if (sqlite3_prepare_v2(db, "SELECT start, wall FROM runs WHERE id = ?",
			       -1, &stmt, NULL) != SQLITE_OK)
		return;
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) == SQLITE_ROW) {
		*start = (int64_t)(sqlite3_column_double(stmt, 0) * 1e9);
		*wall = (int64_t)(sqlite3_column_double(stmt, 1) * 1e9);
	}
	sqlite3_finalize(stmt);
}

/* The metrics T's run recorded, into METRICS, with their values per
 * node (VALUES[k], malloc'd); their count, -1 on error. */
static int load_metrics(sqlite3 *db, const char *db_path,
			const struct ctx_tree *t, int metrics[N_METRICS],
			int64_t *values[N_METRICS])
{
	long events = ctx_tree_events(db, t);
	int n = 0;

	for (int m = 0; m < N_METRICS; m++) {
		if (!(events & (1L << metric_event[m])))
			continue;
		values[n] = ctx_tree_metric(db, db_path, t, m);
		if (!values[n]) {
			while (n > 0)
				free(values[--n]);
			return -1;
		}
		metrics[n++] = m;
	}
	return n;
}

static const char *metric_unit(int metric)
{
	const char *name = metric_names[metric];
	size_t len = strlen(name);

	return len > 6 && strcmp(name + len - 6, "_bytes") == 0 ? "bytes"
							       : "count";
}

static int encode(sqlite3 *db, const char *db_path, const struct ctx_tree *t,
		  struct pb_buf *b)
{
	struct strings st = { 0 };
	struct pb_buf tmp = { 0 }, line = { 0 };
	uint64_t *locs = malloc(((size_t)t->n_nodes + 1) * sizeof *locs);
	double ns_per_tick = t->seconds_per_tick * 1e9;
	int64_t start, wall, s_ticks, s_count, s_cpu, s_ns, s_calls;
	int metrics[N_METRICS], n_metrics = 0, rc = -1;
	int64_t *mvalues[N_METRICS];

	if (!locs || intern(&st, "") != 0)
		goto out;
	n_metrics = load_metrics(db, db_path, t, metrics, mvalues);
	if (n_metrics < 0) {
		n_metrics = 0;
		rc = -2;	/* the message is out */
		goto out;
	}
	s_ticks = intern(&st, "ticks");
	s_count = intern(&st, "count");
	s_cpu = intern(&st, "cpu");
	s_ns = intern(&st, "nanoseconds");
	s_calls = intern(&st, "calls");
	put_value_type(b, &tmp, PROFILE_SAMPLE_TYPE, s_ticks, s_count);
	put_value_type(b, &tmp, PROFILE_SAMPLE_TYPE, s_cpu, s_ns);
	put_value_type(b, &tmp, PROFILE_SAMPLE_TYPE, s_calls, s_count);
	for (int k = 0; k < n_metrics; k++)
		put_value_type(b, &tmp, PROFILE_SAMPLE_TYPE,
			       intern(&st, metric_names[metrics[k]]),
			       intern(&st, metric_unit(metrics[k])));
	for (int i = 0; i < t->n_nodes; i++) {
		const struct ctx_node *x = &t->nodes[i];
		uint64_t values[3 + N_METRICS];
		int64_t any = x->ticks | x->calls;
		size_t n = 0;

		for (int k = 0; k < n_metrics; k++) {
			values[3 + k] = (uint64_t)mvalues[k][i];
			any |= mvalues[k][i];
		}
		if (any == 0)
			continue;
		for (int k = i; k >= 0; k = t->nodes[k].parent)
			locs[n++] = (uint64_t)t->nodes[k].fn + 1;
		values[0] = (uint64_t)x->ticks;
		values[1] = (uint64_t)(int64_t)((double)x->ticks * ns_per_tick
						+ 0.5);
		values[2] = (uint64_t)x->calls;
		pb_reset(&tmp);
		pb_packed(&tmp, SAMPLE_LOCATION_ID, locs, n);
		pb_packed(&tmp, SAMPLE_VALUE, values, 3 + (size_t)n_metrics);
		pb_bytes(b, PROFILE_SAMPLE, tmp.data, tmp.len);
	}
	for (int f = 0; f < t->n_fns; f++) {
		const struct ctx_fn *fn = &t->fns[f];
		int64_t name = intern(&st, fn->name);
		int64_t sys = intern(&st, fn->symbol);
		int64_t file = intern(&st, fn->file);

		if (name < 0 || sys < 0 || file < 0)
			goto out;
		pb_reset(&line);
		pb_varint(&line, LINE_FUNCTION_ID, (uint64_t)f + 1);
		if (fn->line > 0)
			pb_varint(&line, LINE_LINE, (uint64_t)fn->line);
		pb_reset(&tmp);
		pb_varint(&tmp, LOCATION_ID, (uint64_t)f + 1);
		pb_bytes(&tmp, LOCATION_LINE, line.data, line.len);
		pb_bytes(b, PROFILE_LOCATION, tmp.data, tmp.len);
		pb_reset(&tmp);
		pb_varint(&tmp, FUNCTION_ID, (uint64_t)f + 1);
		pb_varint(&tmp, FUNCTION_NAME, (uint64_t)name);
		pb_varint(&tmp, FUNCTION_SYSTEM_NAME, (uint64_t)sys);
		pb_varint(&tmp, FUNCTION_FILENAME, (uint64_t)file);
		if (fn->line > 0)
			pb_varint(&tmp, FUNCTION_START_LINE,
				  (uint64_t)fn->line);
		pb_bytes(b, PROFILE_FUNCTION, tmp.data, tmp.len);
	}
	for (size_t i = 0; i < st.n; i++)
		pb_bytes(b, PROFILE_STRING_TABLE, st.s[i], strlen(st.s[i]));
	run_times(db, t->run, &start, &wall);
	if (start > 0)
		pb_varint(b, PROFILE_TIME_NANOS, (uint64_t)start);
	if (wall > 0)
		pb_varint(b, PROFILE_DURATION_NANOS, (uint64_t)wall);
	put_value_type(b, &tmp, PROFILE_PERIOD_TYPE, s_cpu, s_ns);
	pb_varint(b, PROFILE_PERIOD, (uint64_t)(int64_t)(ns_per_tick + 0.5));
	pb_varint(b, PROFILE_DEFAULT_SAMPLE_TYPE, (uint64_t)s_cpu);
	rc = b->failed || tmp.failed || line.failed ? -1 : 0;
out:
	for (int k = 0; k < n_metrics; k++)
		free(mvalues[k]);
	free(locs);
	free(st.s);
	free(st.slots);
	pb_free(&tmp);
	pb_free(&line);
	return rc;
}

/* LEN bytes of DATA to OUT as a gzip stream. */
static int put_gzip(const unsigned char *data, size_t len, FILE *out)
{
	z_stream z;
	unsigned char chunk[65536];
	int rc;

	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)len;	/* < 4 GiB: checked by the caller */
	do {
		z.next_out = chunk;
		z.avail_out = sizeof chunk;
		rc = deflate(&z, Z_FINISH);
		if (rc == Z_STREAM_ERROR)
			break;
		if (fwrite(chunk, 1, sizeof chunk - z.avail_out, out)
		    != sizeof chunk - z.avail_out) {
			rc = Z_ERRNO;
			break;
		}
	} while (rc != Z_STREAM_END);
	deflateEnd(&z);
	return rc == Z_STREAM_END ? 0 : -1;
}

int pprof_write(sqlite3 *db, const char *db_path, int64_t run,
		const struct flat_options *o, FILE *out)
{
	struct ctx_tree t;
	struct pb_buf b = { 0 };
	int rc;

	if (ctx_tree_load(db, db_path, run, CTX_VALUE_TICKS, o->short_names,
			  "--format pprof", &t) != 0)
		return -1;
	rc = encode(db, db_path, &t, &b);
	if (rc == -2) {
		rc = -1;
	} else if (rc != 0 || b.len >= UINT32_MAX) {
		diag_error("--format pprof: out of memory");
		rc = -1;
	} else if (put_gzip(b.data, b.len, out) != 0 && !ferror(out)) {
		diag_error("--format pprof: cannot compress the profile");
		rc = -1;
	}
	pb_free(&b);
	ctx_tree_free(&t);
	return rc;
}
