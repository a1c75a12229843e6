/*
 * runs_list.h - --runs: one line per run of the database.
 */
#ifndef CCPROF_REPORT_RUNS_LIST_H
#define CCPROF_REPORT_RUNS_LIST_H

#include "output.h"

#include <sqlite3.h>
#include <stdio.h>

/* Print every run (id, label, kind, program, arguments, start, CPU and
 * wall seconds, max RSS, rate achieved, sampling clock, status,
 * compilers and plugin
 * options of its modules) to OUT in FORMAT.  -1 with a message on a
 * database error. */
int runs_list_print(sqlite3 *db, const char *db_path,
		    enum output_format format, FILE *out);

#endif
