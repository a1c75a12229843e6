/*
 * context_views.h - the SQL views over the contexts table (schema 7):
 * call_arcs, context_paths.  docs/schema.md describes them.
 */
#ifndef CCPROF_REPORT_CONTEXT_VIEWS_H
#define CCPROF_REPORT_CONTEXT_VIEWS_H

#include <sqlite3.h>

/* The CREATE VIEW statements, for --schema. */
extern const char context_views_sql[];

/* Does DB lack the views (a schema 7 database made before them)? */
int context_views_missing(sqlite3 *db);

/* Create the views in DB where they are missing (a new database, or one
 * just upgraded to schema 7).  Runs inside the caller's transaction;
 * SQLite's error code. */
int context_views_ensure(sqlite3 *db);

#endif
