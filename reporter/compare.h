/*
 * compare.h - --compare A B: two runs side by side.
 */
#ifndef CCPROF_REPORT_COMPARE_H
#define CCPROF_REPORT_COMPARE_H

#include "flat_query.h"
#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Compare runs A and B and print the result to OUT in FORMAT:
 * - if either was recorded by --time (the plain build), the overhead:
 *   CPU, wall and max RSS of A over B, with the spread of the ratio;
 * - if both are profiles of the same program (the same translation
 *   units), Appel's comparison: per cost centre, calls, seconds and
 *   share in each and the delta; for a cost centre only one run has,
 *   where its time went (the cost centres whose share grew).
 * Profiles of different programs are refused.  -1 with a message on
 * error. */
int compare_print(sqlite3 *db, const char *db_path,
		  const struct flat_options *o, int64_t a, int64_t b,
		  enum output_format format, FILE *out);

/* Fill temp.compared (the paired rows, see compare.c) for runs A and B,
 * both profiles; used by html.c too.  Checks that they are of the same
 * program.  -1 with a message on error. */
int compare_pair(sqlite3 *db, const char *db_path,
		 const struct flat_options *o, int64_t a, int64_t b);

/* The forms of compare_pair's rows: DATA exact, with file, kind and
 * unit columns (csv, json); TABLE rounded, the file and unit after the
 * name where they tell rows apart; PAGE rounded as TABLE, with the
 * columns of DATA (the web page, which shows what the text shows). */
enum compare_rows { COMPARE_ROWS_DATA, COMPARE_ROWS_TABLE, COMPARE_ROWS_PAGE };

/* The overhead rows of A over B (ROUNDED for a table or the page), and
 * the paired rows of compare_pair in the form FORM, prepared for
 * output_rows. */
int compare_prepare_overhead(sqlite3 *db, const char *db_path, int64_t a,
			     int64_t b, int rounded, sqlite3_stmt **stmt);
int compare_prepare_rows(sqlite3 *db, const char *db_path,
			 const struct flat_options *o, enum compare_rows form,
			 sqlite3_stmt **stmt);

/* 1 if RUN was recorded by --time, 0 if it is a profile, -1 on error. */
int compare_is_timed(sqlite3 *db, const char *db_path, int64_t run);

#endif
