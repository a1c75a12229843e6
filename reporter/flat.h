/*
 * flat.h - the default output: Appel's flat profile of a run, or of the
 * runs of a label summed.
 */
#ifndef CCPROF_REPORT_FLAT_H
#define CCPROF_REPORT_FLAT_H

#include "flat_query.h"
#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Print the flat profile of the runs in temp.selected_runs (runsel.h) to
 * OUT: in FORMAT_TABLE the prof-style text of Appel, Duba & MacQueen
 * (1988), section 3, under a one-line summary of the run (or of the runs
 * of MERGE_LABEL, if not NULL); in FORMAT_GPROF gprof's flat profile; in
 * CSV or JSON the same rows as data.  Returns -1 with a message if the
 * database fails. */
int flat_print(sqlite3 *db, const char *db_path,
	       const struct flat_options *o, const char *merge_label,
	       enum output_format format, FILE *out);

#endif
