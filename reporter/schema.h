/*
 * schema.h - the SQLite schema of a ccprof database.
 *
 * docs/schema.md describes every table, column and view; schema.c holds
 * the CREATE statements.  A database records its schema version in the
 * "meta" table so that a later reporter can tell what it opened.
 */
#ifndef CCPROF_REPORT_SCHEMA_H
#define CCPROF_REPORT_SCHEMA_H

#include <sqlite3.h>
#include <stdio.h>

#define SCHEMA_VERSION 7

/* Check that DB (opened from PATH) is a ccprof database of this schema
 * version or an older one it can upgrade, or empty: version 1 lacks
 * runs.samples (profile format 2), version 2 runs.clock (format 3),
 * version 3 the runs' labels, kinds and timing columns, version 4
 * runs.processes and cost_centres.kind (format 4), version 5 runs.events
 * and the metric columns (format 5).  Returns 1 if it is current, 2 if it
 * needs schema_ensure to upgrade it, 0 if empty, -1 (with a message) if
 * it is something else. */
int schema_state(sqlite3 *db, const char *path);

/* Check that DB (opened from PATH) is a ccprof database of this schema
 * version, or empty; create the schema in an empty one, upgrade an old
 * one.  Runs inside the caller's transaction.  Prints what is wrong and
 * returns -1 on error. */
int schema_ensure(sqlite3 *db, const char *path);

/* schema_ensure in a transaction of its own, taken only when the schema
 * is missing or old, so that a read-only database that has the current
 * one can be queried. */
int schema_ensure_alone(sqlite3 *db, const char *path);

/* Print the CREATE statements of the current schema, with its version,
 * as --schema shows them. */
void schema_print(FILE *out);

#endif
