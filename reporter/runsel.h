/*
 * runsel.h - choosing runs: "--run ID|LABEL", --merge LABEL, --compare.
 *
 * A run is named by its id (runs.id, a positive integer) or by a label
 * given at import (--label); a label names the newest of its runs, and
 * --merge names all of them.  The runs a flat profile sums are put in
 * the temporary table temp.selected_runs(run), which flat.c and html.c
 * read.
 */
#ifndef CCPROF_REPORT_RUNSEL_H
#define CCPROF_REPORT_RUNSEL_H

#include <sqlite3.h>
#include <stdint.h>

/* Check the text of a run reference given to OPTION: a run id or a
 * label; prints a usage error and returns -1 if it is empty. */
int runsel_check_ref(const char *ref, const char *option);

/* Check a label given to OPTION: not empty, not all digits (it would
 * read as a run id), no control characters.  Usage error, -1 if not. */
int runsel_check_label(const char *label, const char *option);

/* The run REF names in DB: the run of that id, or the newest run of
 * that label.  -1 with "no run or label ..." if there is none. */
int runsel_resolve(sqlite3 *db, const char *db_path, const char *ref,
		   int64_t *run);

/* The newest run (the largest id), 0 if there is none, -1 on error. */
int64_t runsel_newest(sqlite3 *db, const char *db_path);

/* Fill temp.selected_runs with RUN, or with every run labelled LABEL
 * (an error if there is none). */
int runsel_select_run(sqlite3 *db, const char *db_path, int64_t run);
int runsel_select_label(sqlite3 *db, const char *db_path, const char *label);

#endif
