/*
 * output.h - printing a statement's result rows as a table, CSV or JSON.
 */
#ifndef CCPROF_REPORT_OUTPUT_H
#define CCPROF_REPORT_OUTPUT_H

#include <sqlite3.h>
#include <stdio.h>

enum output_format {
	FORMAT_TABLE,		/* aligned columns under a header row */
	FORMAT_CSV,		/* RFC 4180 quoting, header row */
	FORMAT_JSON,		/* an array of objects */
	FORMAT_GPROF,		/* flat profile only: gprof -b -p's layout */
	FORMAT_FOLDED,		/* contexts only (context_formats.h) */
	FORMAT_PPROF,
	FORMAT_CALLGRIND
};

/* Step the prepared STMT to the end, printing its rows to OUT in FORMAT
 * (the header too when there are no rows).  Returns SQLITE_DONE, or the
 * error code of the failing step; then the caller reports the error. */
int output_rows(sqlite3_stmt *stmt, enum output_format format, FILE *out);

#endif
