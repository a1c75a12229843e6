/*
 * flat_query.h - the rows of a flat profile, as the options choose them.
 *
 * The runs in temp.selected_runs (runsel.h: one run, or every run of a
 * label for --merge) are summed per cost centre: calls and ticks added
 * over the cost centres of the same display name, file and symbol, so
 * that a static inline function of a header, compiled into 13 units, is
 * one row (--by-unit: one row per unit), while two lambdas that clang
 * without -g names alike (f.anon) stay two.  Seconds are the runs' CPU time
 * divided in proportion to ticks, as in the "flat" view.  Rows are
 * sorted by ticks, then calls, descending, then by name; rows never
 * called nor sampled are left out unless --all; --threshold and --limit
 * cut the rest.  flat.c, gprof_format.c and html.c print them.
 *
 * The metrics of CCPROF_EVENTS (alloc_bytes, ...) that the selected runs
 * measured are summed the same way and come after the fixed columns
 * (from FQ_N_DATA in data rows, after FQ_SHARED_NAME in display rows);
 * --sort puts calls or one of them first in the order.
 */
#ifndef CCPROF_REPORT_FLAT_QUERY_H
#define CCPROF_REPORT_FLAT_QUERY_H

#include <sqlite3.h>
#include <stdint.h>

#include "metrics.h"

struct flat_options {
	int all;		/* --all: rows of no calls and no ticks too */
	int64_t limit;		/* --limit N, 0 for no limit */
	double threshold;	/* --threshold PCT, 0 for none */
	int by_unit;		/* --by-unit */
	int short_names;	/* --short-names */
	const char *sort;	/* --sort: NULL or "time", "calls", a metric */
};

/* Columns of the rows flat_query_prepare gives: the first FQ_N_DATA are
 * the data columns of --format csv and json. */
enum flat_column {
	FQ_NAME, FQ_FILE, FQ_LINE, FQ_CALLS, FQ_TICKS, FQ_SECONDS,
	FQ_CUMSECS, FQ_PCT, FQ_MS_PER_CALL, FQ_SYMBOL, FQ_KIND, FQ_UNITS,
	FQ_UNIT,
	FQ_N_DATA,
	FQ_SHARED_NAME = FQ_N_DATA	/* 1 if other rows have the name */
};

/* Is KEY a value of --sort?  The metric names, for its message. */
int flat_sort_known(const char *key);
const char *flat_sort_metrics(void);

/* The first metric column of the rows flat_query_prepare gives. */
#define FQ_FIRST_METRIC(data) ((data) ? FQ_N_DATA : FQ_SHARED_NAME + 1)

/* 0, or -1 with a message when --sort names a metric the selected runs
 * did not record (checked before anything is printed). */
int flat_query_check_sort(sqlite3 *db, const char *db_path,
			  const struct flat_options *o);

/* Prepare the rows' query; DATA: only the data columns.  Otherwise (for
 * display) FQ_UNIT is set only where --by-unit split a name and file
 * into several rows.  -1 with a
 * message on error. */
int flat_query_prepare(sqlite3 *db, const char *db_path,
		       const struct flat_options *o, int data,
		       sqlite3_stmt **stmt);

/* The metric columns of the rows (metrics.h indices, into METRICS): the
 * metrics of the events the selected runs measured.  Their count. */
int flat_query_metrics(sqlite3 *db, int metrics[N_METRICS]);

/* How many rows --all would add (rows never called nor sampled), -1 on
 * error. */
int64_t flat_query_hidden(sqlite3 *db, const char *db_path,
			  const struct flat_options *o);

/* Register the SQL function short_name(NAME [, KEEP_PARAMETERS])
 * (shortname.h) in DB. */
int flat_query_register_functions(sqlite3 *db);

#endif
