/*
 * db_error.h - the message of a failed database step, in one place.
 *
 * Every part of ccprof-report that reads or writes the database reports
 * a failure the same way: "ccprof-report: DB: cannot WHAT: SQLITE'S
 * MESSAGE", naming the database (or the profile being imported) and what
 * it was doing.
 */
#ifndef CCPROF_REPORT_DB_ERROR_H
#define CCPROF_REPORT_DB_ERROR_H

#include <sqlite3.h>

/* "ccprof-report: PATH: cannot WHAT: sqlite3_errmsg(DB)" (diag.h);
 * returns -1. */
int db_error(sqlite3 *db, const char *path, const char *what);

#endif
