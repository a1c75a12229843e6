/*
 * report_rows.h - the rows of a report computed in C (the call graph,
 * call paths) as --format csv or json data: collected in a temporary
 * table, then printed by output.c like any query's result, so that the
 * data formats are the same everywhere.
 */
#ifndef CCPROF_REPORT_REPORT_ROWS_H
#define CCPROF_REPORT_REPORT_ROWS_H

#include "output.h"

#include <sqlite3.h>
#include <stdio.h>

struct report_rows {
	sqlite3 *db;
	const char *db_path;
	const char *columns;
	sqlite3_stmt *insert;	/* bind parameters 1..n: the columns */
	int failed;
};

/* Start collecting rows of COLUMNS ("depth, path, calls"; names only).
 * -1 with a message on error. */
int report_rows_begin(struct report_rows *r, sqlite3 *db,
		      const char *db_path, const char *columns);

/* Add the row bound to r->insert (then cleared for the next). */
void report_rows_add(struct report_rows *r);

/* Print the rows in FORMAT to OUT and drop them; -1 with a message if
 * anything failed. */
int report_rows_end(struct report_rows *r, enum output_format format,
		    FILE *out);

#endif
