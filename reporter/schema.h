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

#define SCHEMA_VERSION 1

/* Check that DB (opened from PATH) is a ccprof database of this schema
 * version, or empty; create the schema in an empty one.  Runs inside the
 * caller's transaction.  Prints what is wrong and returns -1 on error. */
int schema_ensure(sqlite3 *db, const char *path);

/* schema_ensure in a transaction of its own, taken only when the schema
 * is missing, so that a read-only database that has it can be queried. */
int schema_ensure_alone(sqlite3 *db, const char *path);

#endif
