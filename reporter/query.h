/*
 * query.h - the --sql option: running the user's statements.
 */
#ifndef CCPROF_REPORT_QUERY_H
#define CCPROF_REPORT_QUERY_H

#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Run every statement of SQL against DB, printing the rows of each that
 * returns columns to OUT in FORMAT, result sets separated by a blank
 * line (a newline in JSON).  A parameter named :run is bound to RUN when
 * RUN > 0.  On an error print "SQL error: MESSAGE in: STATEMENT" and
 * return -1; what earlier statements printed or changed stays. */
int query_run(sqlite3 *db, const char *sql, enum output_format format,
	      int64_t run, FILE *out);

#endif
