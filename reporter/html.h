/*
 * html.h - --html FILE: the flat profile or a comparison as a web page.
 */
#ifndef CCPROF_REPORT_HTML_H
#define CCPROF_REPORT_HTML_H

#include "flat_query.h"

#include <sqlite3.h>
#include <stdint.h>

/* Write the flat profile of temp.selected_runs (runsel.h) to PATH as one
 * self-contained HTML page.  -1 with a message on error. */
int html_write_flat(sqlite3 *db, const char *db_path,
		    const struct flat_options *o, const char *path);

/* The same for --compare A B: both runs' summaries, the comparison side
 * by side, and each run's flat profile (two profiles), or the overhead
 * (a --time run). */
int html_write_compare(sqlite3 *db, const char *db_path,
		       const struct flat_options *o, int64_t a, int64_t b,
		       const char *path);

#endif
