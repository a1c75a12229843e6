/*
 * flame.h - the calling contexts of the run an --html page shows, as the
 * rows its flame graph is drawn from.
 */
#ifndef CCPROF_REPORT_FLAME_H
#define CCPROF_REPORT_FLAME_H

#include <sqlite3.h>

/* A statement giving one row per context of the one run in
 * temp.selected_runs, in preorder: id, parent (0: the root), name,
 * calls, ticks (self), inclusive (ticks), seconds (inclusive).  *STMT
 * is NULL when there is none to draw (several runs merged, or a run
 * without contexts).  -1 with a message on error. */
int flame_prepare(sqlite3 *db, const char *db_path, int short_names,
		  sqlite3_stmt **stmt);

#endif
