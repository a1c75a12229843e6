/*
 * gprof_format.c - --format gprof: the flat profile as `gprof -b -p`
 * prints it (see gprof_format.h).
 *
 *     Flat profile:
 *
 *     Each sample counts as 0.01 seconds.
 *       %   cumulative   self              self     total
 *      time   seconds   seconds    calls  ms/call  ms/call  name
 *      90.49      3.52     3.52    78189     0.05     0.05  isPrime.test
 *       0.77      3.55     0.03                             (unprofiled)
 *
 * The same columns, widths and per-call unit (s, ms, us, ns: the one in
 * which the largest time per call is 1 to 999) as GNU gprof.  A flat
 * profile has no call graph, so "total" per call (gprof: the function
 * and its callees) is the function's own time, as for a leaf.  A sample
 * "counts as" the CPU seconds per tick of the runs.  Names are shown as
 * the flat profile shows them (escaped, the kind marked, file or unit
 * added: "parse {scc}").
 */
#include "gprof_format.h"

#include "cc_kind.h"
#include "db_error.h"
#include "text.h"

#include <string.h>

static const struct {
	double scale;
	const char *unit;
} units[] = {
	{ 1.0, " s" }, { 1e3, "ms" }, { 1e6, "us" }, { 1e9, "ns" },
};

/* CPU seconds per tick of the selected runs, and the largest seconds
 * per call of the rows shown. */
static int measure(sqlite3 *db, const char *db_path,
		   const struct flat_options *o, double *per_tick,
		   double *top)
{
	sqlite3_stmt *stmt;
	int rc;

	*per_tick = 0;
	*top = 0;
	if (sqlite3_prepare_v2(db, "SELECT CASE WHEN sum(ticks) > 0 THEN"
			       " sum(cpu) / sum(ticks) ELSE 0.0 END FROM runs"
			       " WHERE id IN (SELECT run FROM"
			       " temp.selected_runs)", -1, &stmt, NULL)
	    != SQLITE_OK)
		return db_error(db, db_path, "read the flat profile");
	if (sqlite3_step(stmt) == SQLITE_ROW)
		*per_tick = sqlite3_column_double(stmt, 0);
	sqlite3_finalize(stmt);
	if (flat_query_prepare(db, db_path, o, 0, &stmt) != 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		double ms = sqlite3_column_double(stmt, FQ_MS_PER_CALL);

		if (ms / 1000 > *top)
			*top = ms / 1000;
	}
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0
				 : db_error(db, db_path, "read the flat profile");
}

static size_t choose_unit(double top)
{
	size_t k;

	for (k = 0; k < sizeof units / sizeof *units; k++)
		if (top * units[k].scale >= 1.0 && top * units[k].scale < 1000)
			return k;
	return top >= 1000 ? 0 : 1;
}

static void print_name(sqlite3_stmt *stmt, FILE *out)
{
	const char *name = (const char *)sqlite3_column_text(stmt, FQ_NAME);
	const char *file = (const char *)sqlite3_column_text(stmt, FQ_FILE);
	const char *unit = (const char *)sqlite3_column_text(stmt, FQ_UNIT);

	if (name)
		text_put_display(out, name, strlen(name));
	fputs(cc_kind_marker(cc_kind_rank(
		      (const char *)sqlite3_column_text(stmt, FQ_KIND))),
	      out);
	if (sqlite3_column_int64(stmt, FQ_SHARED_NAME) > 0 && file && *file) {
		fputs(" (", out);
		text_put_display(out, file, strlen(file));
		fputc(')', out);
	}
	if (unit && *unit) {
		fputs(" [", out);
		text_put_display(out, unit, strlen(unit));
		fputc(']', out);
	}
}

int gprof_print(sqlite3 *db, const char *db_path,
		const struct flat_options *o, FILE *out)
{
	sqlite3_stmt *stmt;
	double per_tick, top, scale;
	size_t u;
	int rc;

	if (measure(db, db_path, o, &per_tick, &top) != 0)
		return -1;
	u = choose_unit(top);
	scale = units[u].scale;
	fprintf(out, "Flat profile:\n\n"
		"Each sample counts as %g seconds.\n"
		"  %%   cumulative   self              self     total           \n"
		" time   seconds   seconds    calls  %s/call  %s/call  name    \n",
		per_tick, units[u].unit, units[u].unit);
	if (flat_query_prepare(db, db_path, o, 0, &stmt) != 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		long long calls = sqlite3_column_int64(stmt, FQ_CALLS);
		double self = sqlite3_column_double(stmt, FQ_SECONDS);

		fprintf(out, "%6.2f %9.2f %8.2f",
			sqlite3_column_double(stmt, FQ_PCT),
			sqlite3_column_double(stmt, FQ_CUMSECS), self);
		if (calls > 0)
			fprintf(out, " %8lld %8.2f %8.2f  ", calls,
				scale * self / (double)calls,
				scale * self / (double)calls);
		else
			fprintf(out, " %8.8s %8.8s %8.8s  ", "", "", "");
		print_name(stmt, out);
		fputc('\n', out);
	}
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0
				 : db_error(db, db_path, "read the flat profile");
}
