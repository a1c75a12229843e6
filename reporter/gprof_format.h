/*
 * gprof_format.h - the flat profile in the layout of `gprof -b -p`.
 */
#ifndef CCPROF_REPORT_GPROF_FORMAT_H
#define CCPROF_REPORT_GPROF_FORMAT_H

#include "flat_query.h"

#include <sqlite3.h>
#include <stdio.h>

/* Print the flat profile of temp.selected_runs as gprof's brief flat
 * profile, so that scripts written for it read ccprof's.  -1 with a
 * message on a database error. */
int gprof_print(sqlite3 *db, const char *db_path,
		const struct flat_options *o, FILE *out);

#endif
