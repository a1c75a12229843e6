/*
 * flat.h - the default output: Appel's flat profile of one run.
 */
#ifndef CCPROF_REPORT_FLAT_H
#define CCPROF_REPORT_FLAT_H

#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* The newest run in DB (the largest id), or 0 if there is none; -1 with
 * a message on error. */
int64_t flat_newest_run(sqlite3 *db, const char *db_path);

/* Print the flat profile of RUN to OUT: in FORMAT_TABLE the prof-style
 * text of Appel, Duba & MacQueen (1988), section 3, under a one-line
 * summary of the run; in CSV or JSON the same rows as data.  Returns -1
 * with a message if RUN does not exist or the database fails. */
int flat_print(sqlite3 *db, const char *db_path, int64_t run,
	       enum output_format format, FILE *out);

#endif
