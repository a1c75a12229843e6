/*
 * flat.c - Appel's flat profile of one run (see flat.h).
 *
 *     run 3: ./primes 20000  (cpu 3.89 s, 389 samples, 100 Hz of 1000 requested)
 *     %time  cumsecs    #call  ms/call  name
 *      90.5     3.52    78189    0.045  isPrime.test
 *       8.5     3.85     1000    0.330  isPrime
 *       0.8     3.88        0           (unprofiled)
 *
 * Rows come from flat_query.c (the "flat" view's arithmetic, summed per
 * name and file), sorted by ticks, then calls, descending, then by name.
 * cumsecs is the running total of seconds.  ms/call is blank for a cost centre never
 * called.  Numeric columns are right-aligned and widen for big numbers;
 * the name is left-aligned and last.  A name that two cost centres of
 * the run share (static functions of different files) is followed by
 * its file in parentheses; with --by-unit, a row is followed by its
 * unit in brackets.  A cost centre that is not a function is marked
 * after its name by its kind: {anon}, {scc} or {module}.  The metrics of the events the run measured
 * (CCPROF_EVENTS: alloc_calls, alloc_bytes, ...) are columns between
 * ms/call and the name, headed by their names; --sort orders by one.  The flat profile of a label's runs (--merge) has a
 * header of its own.
 */
#include "flat.h"

#include "cc_kind.h"
#include "db_error.h"
#include "diag.h"
#include "gprof_format.h"
#include "text.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char run_sql[] =
	"SELECT program, args, cpu, ticks, hz, status, samples, clock,"
	" processes, events, sys FROM runs WHERE id = ?";

static const char merged_sql[] =
	"SELECT count(*), min(program), count(DISTINCT program), sum(cpu),"
	" sum(ticks), sum(samples), max(hz), sum(status != 'complete'),"
	" coalesce(min(nullif(hz, 0)), max(hz))"
	" FROM runs WHERE id IN (SELECT run FROM temp.selected_runs)";

/* Below this share of the requested rate, over at least this much CPU
 * time (a short run's rate is mostly rounding), the header is followed
 * by a warning. */
#define LOW_RATE_SHARE 0.75
#define LOW_RATE_MIN_CPU 0.2
/* From this share of system time on, the kernel is named as the cause. */
#define LOW_RATE_KERNEL_SHARE 0.25

enum { COL_PCT, COL_CUMSECS, COL_CALLS, COL_MS_PER_CALL, N_NUMERIC };
/* ... then the metric columns of CCPROF_EVENTS the runs measured. */
#define MAX_NUMERIC (N_NUMERIC + N_METRICS)

static const char *const headers[N_NUMERIC] = {
	"%time", "cumsecs", "#call", "ms/call"
};

/* Columns of each numeric field at least; wider numbers widen them. */
static const size_t min_width[N_NUMERIC] = { 5, 7, 7, 7 };

struct flat_row {
	char num[MAX_NUMERIC][32];
	char *name;		/* "name" or "name (file)" */
};

struct flat_table {
	struct flat_row *rows;
	size_t n, cap;
	size_t width[MAX_NUMERIC];
	int metrics[N_METRICS];	/* flat_query_metrics */
	int n_numeric;		/* N_NUMERIC + the metric columns */
};

/* "run N: ARGS  (cpu S s, T ticks from N samples, A Hz of H requested,
 * clock C)": the achieved rate is samples (signals) per CPU second, C the
 * sampling clock (format 3 on).  A profile that %m merged from several
 * processes (format 4 on) holds their sums, not one run's: "run N: P
 * processes merged, the last ARGS  (...)".  Says so if
 * the profile is incomplete, and warns on stderr when the rate fell well
 * short of the request.  A format 1 profile did not count samples:
 * "(cpu S s, T samples, A Hz of H requested)", A being ticks per CPU
 * second. */
static int print_header(sqlite3 *db, const char *db_path, int64_t run,
			FILE *out)
{
	sqlite3_stmt *stmt;
	const char *args, *status, *clock;
	int64_t ticks, hz, samples, processes;
	double cpu, rate;
	int rc;

	if (sqlite3_prepare_v2(db, run_sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the run");
	sqlite3_bind_int64(stmt, 1, run);
	rc = sqlite3_step(stmt);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(stmt);
		return db_error(db, db_path, "read the run");
	}
	args = (const char *)sqlite3_column_text(stmt, 1);
	if (!args || !*args)
		args = (const char *)sqlite3_column_text(stmt, 0);
	ticks = sqlite3_column_int64(stmt, 3);
	hz = sqlite3_column_int64(stmt, 4);
	status = (const char *)sqlite3_column_text(stmt, 5);
	samples = sqlite3_column_type(stmt, 6) == SQLITE_NULL
			  ? -1 : sqlite3_column_int64(stmt, 6);
	clock = (const char *)sqlite3_column_text(stmt, 7);
	processes = sqlite3_column_int64(stmt, 8);	/* NULL: 0 */
	cpu = sqlite3_column_double(stmt, 2);
	rate = cpu > 0 ? (samples >= 0 ? samples : ticks) / cpu : 0;

	fprintf(out, "run %" PRId64 ": ", run);
	if (processes > 1)
		fprintf(out, "%" PRId64 " processes merged, the last ",
			processes);
	if (args)
		text_put_display(out, args, strlen(args));
	if (samples >= 0)
		fprintf(out, "  (cpu %.2f s, %" PRId64 " tick%s from %" PRId64
			" sample%s", cpu, ticks, ticks == 1 ? "" : "s",
			samples, samples == 1 ? "" : "s");
	else
		fprintf(out, "  (cpu %.2f s, %" PRId64 " sample%s", cpu,
			ticks, ticks == 1 ? "" : "s");
	if (hz > 0 && cpu > 0)
		fprintf(out, ", %.0f Hz of %" PRId64 " requested", rate, hz);
	else if (hz > 0)
		fprintf(out, " at %" PRId64 " Hz", hz);
	else
		fputs(", sampling off", out);
	if (hz > 0 && clock && *clock)
		fprintf(out, ", clock %s", clock);
	if (sqlite3_column_text(stmt, 9) && *sqlite3_column_text(stmt, 9))
		fprintf(out, ", events %s",
			(const char *)sqlite3_column_text(stmt, 9));
	if (status && strcmp(status, "complete") != 0)
		fprintf(out, "; %s profile",
			status);
	fputs(")\n", out);
	if (samples >= 0 && hz > 0 && cpu >= LOW_RATE_MIN_CPU
	    && rate < LOW_RATE_SHARE * (double)hz) {
		int timer = clock && (strcmp(clock, "cpu-timer") == 0 ||
				      strcmp(clock, "cpu-mixed") == 0);
		double sys_share = sqlite3_column_double(stmt, 10) / cpu;
		char kernel[160];

		/* The task clock samples user mode only: time in the kernel
		 * reaches the profile in fewer, heavier samples. */
		snprintf(kernel, sizeof kernel, "%.0f%% of its CPU time was "
			 "in the kernel, where the CPU clock takes no samples "
			 "(the next sample charges it)", 100 * sys_share);
		fflush(out);
		diag_error("warning: run %" PRId64 " was sampled at %.0f Hz, "
			   "below the %" PRId64 " Hz requested: its shares "
			   "rest on fewer samples than asked for (%s; see "
			   "docs/runtime.md)", run, rate, hz,
			   timer ? "threads sampled by the CPU-time timer, "
				   "where the CPU-clock event was refused "
				   "or while they blocked often, get at most "
				   "the kernel's CONFIG_HZ"
			   : sys_share >= LOW_RATE_KERNEL_SHARE ? kernel
				 : "threads the runtime did not start get at "
				   "most the kernel's CONFIG_HZ");
	}
	sqlite3_finalize(stmt);
	return 0;
}

/* "name", "name (file)" when other rows have the name, or with
 * --by-unit "name [unit]"; a kind other than function is marked after
 * the name: "parse {scc}". */
static char *display_name(sqlite3_stmt *stmt)
{
	const char *name = (const char *)sqlite3_column_text(stmt, FQ_NAME);
	const char *file = (const char *)sqlite3_column_text(stmt, FQ_FILE);
	const char *unit = (const char *)sqlite3_column_text(stmt, FQ_UNIT);
	const char *kind = cc_kind_marker(cc_kind_rank(
		(const char *)sqlite3_column_text(stmt, FQ_KIND)));
	int shared = sqlite3_column_int64(stmt, FQ_SHARED_NAME) > 0;
	size_t len;
	char *s;

	if (!name)
		name = "";
	if (!file || !*file || !shared)
		file = NULL;
	if (!unit || !*unit)
		unit = NULL;
	len = strlen(name) + strlen(kind)
	      + (file ? strlen(file) : 0) + (unit ? strlen(unit) : 0) + 8;
	s = malloc(len);
	if (s)
		snprintf(s, len, "%s%s%s%s%s%s%s%s", name, kind,
			 file ? " (" : "", file ? file : "", file ? ")" : "",
			 unit ? " [" : "", unit ? unit : "", unit ? "]" : "");
	return s;
}

/* Numbers of 1e16 and more (only a made-up profile has them: the
 * reader takes up to 2^63-1 ticks and 1e15 s) are shown as 1.84e+34, not
 * in as many digits as the column has room for. */
#define FIXED_MAX 1e16

/* VALUE with DECIMALS decimals, or in e-notation if it is too big. */
static void format_fixed(char *buf, size_t len, double value, int decimals)
{
	if (fabs(value) < FIXED_MAX)
		snprintf(buf, len, "%.*f", decimals, value);
	else
		snprintf(buf, len, "%.2e", value);
}

/* prof prints ms/call with three decimals; a function that takes
 * nanoseconds per call would show 0.000, so small values keep three
 * significant digits instead (e.g. 2.13e-06). */
static void format_ms_per_call(char *buf, size_t len, double ms)
{
	if (ms == 0.0 || ms >= 0.001)
		format_fixed(buf, len, ms, 3);
	else
		snprintf(buf, len, "%.2e", ms);
}

static int add_row(struct flat_table *t, sqlite3_stmt *stmt)
{
	struct flat_row *row;
	int k;

	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		struct flat_row *rows = realloc(t->rows, cap * sizeof *rows);

		if (!rows)
			return -1;
		t->rows = rows;
		t->cap = cap;
	}
	row = &t->rows[t->n];
	format_fixed(row->num[COL_PCT], 32,
		     sqlite3_column_double(stmt, FQ_PCT), 1);
	format_fixed(row->num[COL_CUMSECS], 32,
		     sqlite3_column_double(stmt, FQ_CUMSECS), 2);
	snprintf(row->num[COL_CALLS], 32, "%lld",
		 (long long)sqlite3_column_int64(stmt, FQ_CALLS));
	if (sqlite3_column_type(stmt, FQ_MS_PER_CALL) == SQLITE_NULL)
		row->num[COL_MS_PER_CALL][0] = '\0';
	else
		format_ms_per_call(row->num[COL_MS_PER_CALL], 32,
				   sqlite3_column_double(stmt,
							 FQ_MS_PER_CALL));
	for (k = N_NUMERIC; k < t->n_numeric; k++) {
		int col = FQ_FIRST_METRIC(0) + k - N_NUMERIC;

		if (sqlite3_column_type(stmt, col) == SQLITE_NULL)
			row->num[k][0] = '\0';
		else
			snprintf(row->num[k], 32, "%lld",
				 (long long)sqlite3_column_int64(stmt, col));
	}
	row->name = display_name(stmt);
	if (!row->name)
		return -1;
	for (k = 0; k < t->n_numeric; k++) {
		size_t w = strlen(row->num[k]);

		if (w > t->width[k])
			t->width[k] = w;
	}
	t->n++;
	return 0;
}

static const char *column_header(const struct flat_table *t, int k)
{
	return k < N_NUMERIC ? headers[k]
			     : metric_names[t->metrics[k - N_NUMERIC]];
}

static void print_table(const struct flat_table *t, FILE *out)
{
	size_t r;
	int k;

	for (k = 0; k < t->n_numeric; k++)
		fprintf(out, "%*s  ", (int)t->width[k], column_header(t, k));
	fputs("name\n", out);
	for (r = 0; r < t->n; r++) {
		const struct flat_row *row = &t->rows[r];

		for (k = 0; k < t->n_numeric; k++)
			fprintf(out, "%*s  ", (int)t->width[k], row->num[k]);
		text_put_display(out, row->name, strlen(row->name));
		fputc('\n', out);
	}
}

/* "N cost centres never called nor sampled are not shown (--all shows
 * them)", when there are. */
static int print_hidden_note(sqlite3 *db, const char *db_path,
			     const struct flat_options *o, FILE *out)
{
	int64_t hidden;

	if (o->all)
		return 0;
	hidden = flat_query_hidden(db, db_path, o);
	if (hidden < 0)
		return -1;
	if (hidden > 0)
		fprintf(out, "(%" PRId64 " cost centre%s never called nor "
			"sampled not shown; --all shows them)\n", hidden,
			hidden == 1 ? "" : "s");
	return 0;
}

static int print_text(sqlite3 *db, const char *db_path,
		      const struct flat_options *o, FILE *out)
{
	struct flat_table t;
	sqlite3_stmt *stmt;
	size_t r;
	int rc, k;

	memset(&t, 0, sizeof t);
	t.n_numeric = N_NUMERIC + flat_query_metrics(db, t.metrics);
	for (k = 0; k < t.n_numeric; k++)
		t.width[k] = k < N_NUMERIC ? min_width[k]
					   : strlen(column_header(&t, k));
	if (flat_query_prepare(db, db_path, o, 0, &stmt) != 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
		if (add_row(&t, stmt) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
	if (rc == SQLITE_DONE)
		print_table(&t, out);
	else
		db_error(db, db_path, "read the flat profile");
	sqlite3_finalize(stmt);
	for (r = 0; r < t.n; r++)
		free(t.rows[r].name);
	free(t.rows);
	if (rc != SQLITE_DONE)
		return -1;
	return print_hidden_note(db, db_path, o, out);
}

static int print_data(sqlite3 *db, const char *db_path,
		      const struct flat_options *o, enum output_format format,
		      FILE *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (flat_query_prepare(db, db_path, o, 1, &stmt) != 0)
		return -1;
	rc = output_rows(stmt, format, out);
	if (rc != SQLITE_DONE)
		db_error(db, db_path, "read the flat profile");
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* "label L: N runs of PROGRAM  (cpu S s, T ticks from N samples)" for
 * the runs of one label summed (--merge); "N runs, of PROGRAM and 1
 * other program", and "sampled at 100 to 1000 Hz" instead of a sum of
 * ticks of different lengths, where they apply. */
static int print_merged_header(sqlite3 *db, const char *db_path,
			       const char *label, FILE *out)
{
	sqlite3_stmt *stmt;
	const char *program;
	int64_t others;

	if (sqlite3_prepare_v2(db, merged_sql, -1, &stmt, NULL) != SQLITE_OK
	    || sqlite3_step(stmt) != SQLITE_ROW) {
		sqlite3_finalize(stmt);
		return db_error(db, db_path, "read the runs");
	}
	program = (const char *)sqlite3_column_text(stmt, 1);
	others = sqlite3_column_int64(stmt, 2) - 1;
	fputs("label ", out);
	text_put_display(out, label, strlen(label));
	fprintf(out, ": %lld runs%s", (long long)sqlite3_column_int64(stmt, 0),
		others > 0 ? ", of " : " of ");
	if (program)
		text_put_display(out, program, strlen(program));
	if (others > 0)
		fprintf(out, " and %lld other program%s", (long long)others,
			others > 1 ? "s" : "");
	fprintf(out, "  (cpu %.2f s", sqlite3_column_double(stmt, 3));
	if (sqlite3_column_int64(stmt, 8) != sqlite3_column_int64(stmt, 6))
		/* Ticks of different lengths do not add up (the shares
		 * weigh each run's by its CPU time). */
		fprintf(out, ", sampled at %lld to %lld Hz",
			(long long)sqlite3_column_int64(stmt, 8),
			(long long)sqlite3_column_int64(stmt, 6));
	else
		fprintf(out, ", %lld ticks",
			(long long)sqlite3_column_int64(stmt, 4));
	if (sqlite3_column_type(stmt, 5) != SQLITE_NULL &&
	    sqlite3_column_int64(stmt, 8) == sqlite3_column_int64(stmt, 6))
		fprintf(out, " from %lld samples",
			(long long)sqlite3_column_int64(stmt, 5));
	if (sqlite3_column_int64(stmt, 7) > 0)
		fprintf(out, "; %lld incomplete",
			(long long)sqlite3_column_int64(stmt, 7));
	fputs(")\n", out);
	sqlite3_finalize(stmt);
	return 0;
}

/* The one selected run, 0 if there are several. */
static int64_t single_run(sqlite3 *db)
{
	sqlite3_stmt *stmt;
	int64_t run = 0;

	if (sqlite3_prepare_v2(db, "SELECT min(run), count(*) FROM"
			       " temp.selected_runs", -1, &stmt, NULL)
	    == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW
	    && sqlite3_column_int64(stmt, 1) == 1)
		run = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return run;
}

int flat_print(sqlite3 *db, const char *db_path,
	       const struct flat_options *o, const char *merge_label,
	       enum output_format format, FILE *out)
{
	int64_t run = single_run(db);

	if (format == FORMAT_GPROF)
		return gprof_print(db, db_path, o, out);
	if (format != FORMAT_TABLE)
		return print_data(db, db_path, o, format, out);
	if (flat_query_check_sort(db, db_path, o) != 0)
		return -1;	/* before the header: nothing on stdout */
	if (merge_label ? print_merged_header(db, db_path, merge_label, out)
			: print_header(db, db_path, run, out))
		return -1;
	return print_text(db, db_path, o, out);
}
