/*
 * call_paths.h - --callees FUNCTION and --callers FUNCTION: Hall &
 * Goldberg's call-path profiles of one function of a run.
 */
#ifndef CCPROF_REPORT_CALL_PATHS_H
#define CCPROF_REPORT_CALL_PATHS_H

#include "flat_query.h"
#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Print the tree of the call paths below FUNCTION (UPWARD 0: what it
 * calls, with inclusive costs) or above it (UPWARD 1: the paths that
 * call it, with its costs along each) in run RUN to OUT: as text
 * (FORMAT_TABLE), or one row per path in csv or json.  Paths below
 * --threshold percent of the run's time are left out.  -1 with a
 * message on error. */
int call_paths_print(sqlite3 *db, const char *db_path, int64_t run,
		     const char *function, int upward,
		     const struct flat_options *o, enum output_format format,
		     FILE *out);

#endif
