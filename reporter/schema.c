/*
 * schema.c - the CREATE statements of a ccprof database (see schema.h).
 *
 * Tables hold what the profile files say, one row per record; views hold
 * the arithmetic (seconds, percentages, comparisons), so that --sql
 * users and the flat profile printer compute them the same way.  Keep
 * docs/schema.md in step with this file, and bump SCHEMA_VERSION when a
 * table changes.
 */
#include "schema.h"

#include "context_views.h"
#include "diag.h"
#include "metrics.h"

#include <stdio.h>
#include <string.h>

/* The achieved rate is samples (signals) per CPU-second; for a format 1
 * profile, which did not count them, ticks per CPU-second (which is the
 * requested rate whenever every thread had a timer of its own); none
 * for a run timed by --time. */
#define RUN_SUMMARY_SQL							\
	"CREATE VIEW run_summary AS\n"					\
	"SELECT id AS run, label, kind, program, args, processes, cpu, wall,\n" \
	"       hz, ticks,\n"						\
	"       samples,\n"						\
	"       CASE WHEN cpu > 0 AND kind = 'profile'\n"		\
	"            THEN coalesce(samples, ticks) / cpu\n"		\
	"       END AS achieved_hz,\n"					\
	"       clock, status, repeats, max_rss, cpu_min, cpu_max,\n"	\
	"       wall_min, wall_max\n"					\
	"FROM runs;\n"

/* Two runs side by side: a full outer join of flat_by_name with itself,
 * written as a left join plus the rows only run b has, so that it works
 * on any SQLite 3.  Rows pair by name; a name that either run has more
 * than once (static functions of one name in several files) pairs by
 * its file's base name too, so that two builds from different
 * directories pair (schemas 1 to 3 paired by name and file). */
#define COMPARE_VIEW_SQL						\
	"CREATE VIEW compare AS\n"					\
	"WITH k AS (\n"							\
	"  SELECT run, name, file, calls, ticks, seconds, pct,\n"	\
	"    replace(file, rtrim(file, replace(file, '/', '')), '') AS base,\n" \
	"    count(*) OVER (PARTITION BY run, name) AS n\n"		\
	"  FROM flat_by_name)\n"					\
	"SELECT ra.id AS run_a, rb.id AS run_b, a.name AS name,\n"	\
	"       a.file AS file,\n"					\
	"       a.calls AS calls_a, b.calls AS calls_b,\n"		\
	"       a.ticks AS ticks_a, b.ticks AS ticks_b,\n"		\
	"       a.seconds AS seconds_a, b.seconds AS seconds_b,\n"	\
	"       a.pct AS pct_a, b.pct AS pct_b,\n"			\
	"       coalesce(b.pct, 0.0) - a.pct AS delta_pct\n"		\
	"FROM runs AS ra JOIN runs AS rb\n"				\
	"JOIN k AS a ON a.run = ra.id\n"				\
	"LEFT JOIN k AS b ON b.run = rb.id AND b.name = a.name\n"	\
	"  AND ((a.n = 1 AND b.n = 1) OR b.base = a.base)\n"		\
	"UNION ALL\n"							\
	"SELECT ra.id, rb.id, b.name, b.file, NULL, b.calls, NULL, b.ticks,\n" \
	"       NULL, b.seconds, NULL, b.pct, b.pct\n"			\
	"FROM runs AS ra JOIN runs AS rb\n"				\
	"JOIN k AS b ON b.run = rb.id\n"				\
	"WHERE NOT EXISTS (SELECT 1 FROM k AS a\n"			\
	"                  WHERE a.run = ra.id AND a.name = b.name\n"	\
	"                    AND ((a.n = 1 AND b.n = 1)\n"		\
	"                         OR a.base = b.base));\n"

/* The columns schema 4 added to runs, in the order an upgrade adds them
 * (so that an upgraded database has the columns of a new one). */
#define RUNS_V4_COLUMNS_SQL(first, prefix)				\
	first "label TEXT"						\
	prefix "kind TEXT NOT NULL DEFAULT 'profile'"			\
	"  CHECK (kind IN ('profile', 'time'))"			\
	prefix "repeats INTEGER NOT NULL DEFAULT 1"			\
	prefix "max_rss INTEGER"					\
	prefix "cpu_min REAL"						\
	prefix "cpu_max REAL"						\
	prefix "wall_min REAL"						\
	prefix "wall_max REAL"

/* The flat view: Appel's flat profile, one row per cost centre (schema 5
 * added its kind), then the metric columns (schema 6: between HEAD and
 * TAIL, from ccprof_metrics.def). */
#define FLAT_VIEW_HEAD							\
	"CREATE VIEW flat AS\n"						\
	"SELECT c.run, c.id, c.name, c.symbol, c.file, c.line, c.calls,\n" \
	"       c.ticks,\n"						\
	"       CASE WHEN r.ticks > 0 THEN c.ticks * r.cpu / r.ticks\n"	\
	"            ELSE 0.0 END AS seconds,\n"				\
	"       CASE WHEN r.ticks > 0 THEN 100.0 * c.ticks / r.ticks\n"	\
	"            ELSE 0.0 END AS pct,\n"				\
	"       CASE WHEN c.calls > 0 AND r.ticks > 0\n"			\
	"            THEN 1000.0 * c.ticks * r.cpu / r.ticks / c.calls\n" \
	"            WHEN c.calls > 0 THEN 0.0 END AS ms_per_call,\n"	\
	"       c.kind"
#define FLAT_VIEW_TAIL							\
	"\nFROM cost_centres AS c JOIN runs AS r ON r.id = c.run;\n"

/* The column schema 5 added to cost_centres: what a cost centre stands
 * for (runtime/ccprof_abi.def's kinds; 'function' for a profile before
 * format 4, which did not say), and 'unprofiled' for the (unprofiled)
 * row. */
#define CC_V5_COLUMNS_SQL						\
	"kind TEXT NOT NULL DEFAULT 'function'\n"			\
	"    CHECK (kind IN ('function', 'anonymous', 'scc', 'module',\n" \
	"                    'unprofiled'))"

/* The column schema 5 added to runs: the processes whose counts a
 * profile of format 4 or later holds (more than 1 after %m merges); NULL
 * for an older profile, which did not say, and for a --time run. */
#define RUNS_V5_COLUMNS_SQL "processes INTEGER"

/* Context mode's calling-context nodes (schema 7): one row per node of a
 * context-mode profile's tree (docs/format.md, "ctx"), none for a flat
 * one; parent 0 is the root.  The metric columns, as cost_centres', go
 * between HEAD and TAIL (from ccprof_metrics.def). */
#define CONTEXTS_TABLE_HEAD						\
	"CREATE TABLE contexts(\n"					\
	"  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n" \
	"  id INTEGER NOT NULL,\n"					\
	"  parent INTEGER NOT NULL,\n"					\
	"  cc INTEGER NOT NULL,\n"					\
	"  calls INTEGER NOT NULL,\n"					\
	"  ticks INTEGER NOT NULL,\n"
#define CONTEXTS_TABLE_TAIL						\
	"  PRIMARY KEY (run, id),\n"					\
	"  FOREIGN KEY (run, cc) REFERENCES cost_centres(run, id)\n"	\
	"    ON DELETE CASCADE\n"					\
	") WITHOUT ROWID;\n"						\
	"CREATE INDEX contexts_by_parent ON contexts(run, parent);\n"

/* upgrade_sql[V] takes a database from version V to V + 1.  Schema 1 to
 * 2: runs.samples.  2 to 3: runs.clock.  3 to 4: runs get a label, a kind
 * ('time': a command timed by --time, without cost centres),
 * repetitions, max RSS and spreads; the compare view pairs by name (by
 * file only where a name is ambiguous).  4 to 5: runs.processes (NULL
 * for the runs already there: their profiles did not say) and
 * cost_centres.kind ('function' for the cost centres already there,
 * 'unprofiled' for their (unprofiled) rows); the flat view shows it.
 * 5 to 6: runs.events and a cost_centres column per metric of
 * CCPROF_EVENTS (ccprof_metrics.def), NULL for the runs already there
 * (their profiles did not measure events), and the flat view with them
 * (made again after the columns exist).  6 to 7: the contexts table
 * (context mode), empty for the runs already there.  run_summary shows the runs'
 * columns: upgrade() drops it first and makes it again last. */
static const char *const upgrade_sql[SCHEMA_VERSION] = {
	[1] = "ALTER TABLE runs ADD COLUMN samples INTEGER;\n"
	      "UPDATE meta SET value = 2 WHERE key = 'schema_version';\n",
	[2] = "ALTER TABLE runs ADD COLUMN clock TEXT;\n"
	      "UPDATE meta SET value = 3 WHERE key = 'schema_version';\n",
	[3] = RUNS_V4_COLUMNS_SQL("ALTER TABLE runs ADD COLUMN ",
				  ";\nALTER TABLE runs ADD COLUMN ")
	      ";\n"
	      "CREATE INDEX runs_by_label ON runs(label);\n"
	      "DROP VIEW compare;\n"
	      COMPARE_VIEW_SQL
	      "UPDATE meta SET value = 4 WHERE key = 'schema_version';\n",
	[4] = "ALTER TABLE runs ADD COLUMN " RUNS_V5_COLUMNS_SQL ";\n"
	      "ALTER TABLE cost_centres ADD COLUMN " CC_V5_COLUMNS_SQL ";\n"
	      "UPDATE cost_centres SET kind = 'unprofiled'"
	      " WHERE module IS NULL;\n"
	      "DROP VIEW flat;\n"
	      FLAT_VIEW_HEAD
	      FLAT_VIEW_TAIL
	      "UPDATE meta SET value = 5 WHERE key = 'schema_version';\n",
	[5] = "ALTER TABLE runs ADD COLUMN events TEXT;\n"
#define CCPROF_METRIC(id, name, ev)					\
	      "ALTER TABLE cost_centres ADD COLUMN " name " INTEGER;\n"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	      "DROP VIEW flat;\n"
	      FLAT_VIEW_HEAD
#define CCPROF_METRIC(id, name, ev) ",\n       c." name
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	      FLAT_VIEW_TAIL
	      "UPDATE meta SET value = 6 WHERE key = 'schema_version';\n",
	[6] = CONTEXTS_TABLE_HEAD
#define CCPROF_METRIC(id, name, ev) "  " name " INTEGER,\n"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	      CONTEXTS_TABLE_TAIL
	      "UPDATE meta SET value = 7 WHERE key = 'schema_version';\n",
};

static const char schema_sql[] =
	"CREATE TABLE meta(\n"
	"  key TEXT PRIMARY KEY,\n"
	"  value\n"
	");\n"

	"CREATE TABLE runs(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  file TEXT NOT NULL,\n"
	"  digest TEXT NOT NULL UNIQUE,\n"
	"  program TEXT NOT NULL,\n"
	"  args TEXT NOT NULL,\n"
	"  pid INTEGER NOT NULL,\n"
	"  start REAL NOT NULL,\n"
	"  wall REAL NOT NULL,\n"
	"  user REAL NOT NULL,\n"
	"  sys REAL NOT NULL,\n"
	"  cpu REAL NOT NULL,\n"
	"  hz INTEGER NOT NULL,\n"
	"  ticks INTEGER NOT NULL,\n"
	"  status TEXT NOT NULL CHECK (status IN ('complete', 'incomplete')),\n"
	"  imported_at TEXT NOT NULL,\n"
	"  samples INTEGER,\n"	/* NULL: a format 1 profile */
	"  clock TEXT"		/* NULL: before format 3 */
	RUNS_V4_COLUMNS_SQL(",\n  ", ",\n  ") ",\n  "
	RUNS_V5_COLUMNS_SQL ",\n"
	"  events TEXT\n"	/* NULL: before format 5 */
	");\n"
	"CREATE INDEX runs_by_label ON runs(label);\n"

	"CREATE TABLE run_args(\n"
	"  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	"  idx INTEGER NOT NULL,\n"
	"  arg TEXT NOT NULL,\n"
	"  PRIMARY KEY (run, idx)\n"
	") WITHOUT ROWID;\n"

	"CREATE TABLE modules(\n"
	"  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	"  id INTEGER NOT NULL,\n"
	"  compiler TEXT NOT NULL,\n"
	"  options TEXT NOT NULL,\n"
	"  source TEXT NOT NULL,\n"
	"  PRIMARY KEY (run, id)\n"
	") WITHOUT ROWID;\n"

	"CREATE TABLE cost_centres(\n"
	"  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	"  id INTEGER NOT NULL,\n"
	"  module INTEGER,\n"
	"  symbol TEXT NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  file TEXT NOT NULL,\n"
	"  line INTEGER NOT NULL,\n"
	"  calls INTEGER NOT NULL,\n"
	"  ticks INTEGER NOT NULL,\n"
	"  " CC_V5_COLUMNS_SQL ",\n"
#define CCPROF_METRIC(id, name, ev) "  " name " INTEGER,\n"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	"  PRIMARY KEY (run, id),\n"
	"  FOREIGN KEY (run, module) REFERENCES modules(run, id)\n"
	"    ON DELETE CASCADE\n"
	") WITHOUT ROWID;\n"

	"CREATE INDEX cost_centres_by_name ON cost_centres(run, name, file);\n"

	CONTEXTS_TABLE_HEAD
#define CCPROF_METRIC(id, name, ev) "  " name " INTEGER,\n"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	CONTEXTS_TABLE_TAIL

	/* Appel's flat profile, one row per cost centre. */
	FLAT_VIEW_HEAD
#define CCPROF_METRIC(id, name, ev) ",\n       c." name
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	FLAT_VIEW_TAIL

	/* The flat profile summed over cost centres of the same display
	 * name and file (a C++ inline function emitted by several units). */
	"CREATE VIEW flat_by_name AS\n"
	"SELECT run, name, file, sum(calls) AS calls, sum(ticks) AS ticks,\n"
	"       sum(seconds) AS seconds, sum(pct) AS pct\n"
	"FROM flat GROUP BY run, name, file;\n"

	COMPARE_VIEW_SQL

	RUN_SUMMARY_SQL;

/* The integer result of SQL, a query of one row and column, or -1
 * (no row, not an integer, or an error). */
static long long query_integer(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *stmt;
	long long value = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(stmt) == SQLITE_ROW
	    && sqlite3_column_type(stmt, 0) == SQLITE_INTEGER)
		value = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return value;
}

static int has_meta_table(sqlite3 *db)
{
	return query_integer(db, "SELECT count(*) FROM sqlite_master "
			     "WHERE type = 'table' AND name = 'meta'") > 0;
}

/* The schema version of DB, 0 if it is empty; -1 (with a message) if it
 * is not a ccprof database or one this reporter cannot read. */
/* A schema_version that is not a version number: say what it is, as
 * SQL's quote() shows it (text quoted, NULL as NULL), or that there is
 * none. */
static void bad_version_error(sqlite3 *db, const char *path)
{
	sqlite3_stmt *stmt;
	const char *shown = NULL;

	if (sqlite3_prepare_v2(db, "SELECT quote(value) FROM meta "
			       "WHERE key = 'schema_version'", -1, &stmt,
			       NULL) != SQLITE_OK)
		stmt = NULL;
	if (stmt && sqlite3_step(stmt) == SQLITE_ROW)
		shown = (const char *)sqlite3_column_text(stmt, 0);
	if (shown)
		diag_file_error(path, "not a ccprof database (its 'meta' table "
				"has schema_version %s, not a version number); "
				"left unchanged", shown);
	else
		diag_file_error(path, "not a ccprof database (no "
				"schema_version in its 'meta' table); left "
				"unchanged");
	sqlite3_finalize(stmt);
}

static long long schema_version(sqlite3 *db, const char *path)
{
	long long objects, version;

	objects = query_integer(db, "SELECT count(*) FROM sqlite_master");
	if (objects < 0) {
		diag_file_error(path, "cannot read database: %s",
				sqlite3_errmsg(db));
		return -1;
	}
	if (objects == 0)
		return 0;
	if (!has_meta_table(db)) {
		diag_file_error(path, "not a ccprof database (it has tables, "
				"but no 'meta' table); left unchanged");
		return -1;
	}
	/* An integer, or its text ('4', as another tool may store it). */
	version = query_integer(db, "SELECT CAST(value AS INTEGER) FROM meta "
				"WHERE key = 'schema_version' AND "
				"CAST(CAST(value AS INTEGER) AS TEXT) = "
				"CAST(value AS TEXT)");
	if (version > SCHEMA_VERSION) {
		diag_file_error(path, "database schema version %lld is newer "
				"than this " PROGRAM_NAME "'s (%d); left "
				"unchanged: use a newer " PROGRAM_NAME,
				version, SCHEMA_VERSION);
		return -1;
	}
	if (version < 1) {
		bad_version_error(db, path);
		return -1;
	}
	return version;
}

int schema_state(sqlite3 *db, const char *path)
{
	long long version = schema_version(db, path);

	if (version <= 0)
		return (int)version;
	return version == SCHEMA_VERSION ? 1 : 2;
}

static int create_schema(sqlite3 *db, const char *path)
{
	char version_sql[80];

	snprintf(version_sql, sizeof version_sql,
		 "INSERT INTO meta(key, value) VALUES ('schema_version', %d)",
		 SCHEMA_VERSION);
	if (sqlite3_exec(db, schema_sql, NULL, NULL, NULL) != SQLITE_OK
	    || sqlite3_exec(db, version_sql, NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(path, "cannot create the schema: %s",
				sqlite3_errmsg(db));
		return -1;
	}
	return 0;
}

/* From version FROM to SCHEMA_VERSION, a step at a time. */
static int upgrade(sqlite3 *db, const char *path, long long from)
{
	long long v;

	if (sqlite3_exec(db, "DROP VIEW IF EXISTS run_summary", NULL, NULL,
			 NULL) != SQLITE_OK)
		goto fail;
	for (v = from; v < SCHEMA_VERSION; v++)
		if (sqlite3_exec(db, upgrade_sql[v], NULL, NULL, NULL)
		    != SQLITE_OK)
			goto fail;
	if (sqlite3_exec(db, RUN_SUMMARY_SQL, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
fail:
	diag_file_error(path, "cannot upgrade the schema from version %lld "
			"to %d: %s", from, SCHEMA_VERSION, sqlite3_errmsg(db));
	return -1;
}

int schema_ensure(sqlite3 *db, const char *path)
{
	long long version = schema_version(db, path);

	int rc = 0;

	if (version < 0)
		return -1;
	if (version == 0)
		rc = create_schema(db, path);
	else if (version < SCHEMA_VERSION)
		rc = upgrade(db, path, version);
	if (rc == 0 && context_views_ensure(db) != SQLITE_OK) {
		diag_file_error(path, "cannot create the context views: %s",
				sqlite3_errmsg(db));
		rc = -1;
	}
	return rc;
}

void schema_print(FILE *out)
{
	fprintf(out, "-- ccprof database schema, version %d "
		"(docs/schema.md describes every table and view).\n"
		"-- Older databases (versions 1 to %d) are upgraded in place "
		"when opened.\n", SCHEMA_VERSION, SCHEMA_VERSION - 1);
	fputs(schema_sql, out);
	fputs(context_views_sql, out);
	fprintf(out, "INSERT INTO meta(key, value) VALUES "
		"('schema_version', %d);\n", SCHEMA_VERSION);
}

int schema_ensure_alone(sqlite3 *db, const char *path)
{
	int state = schema_state(db, path);

	if (state < 0 || (state == 1 && !context_views_missing(db)))
		return state < 0 ? -1 : 0;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(path, "cannot start a transaction: %s",
				sqlite3_errmsg(db));
		return -1;
	}
	if (schema_ensure(db, path) != 0) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(path, "cannot commit the schema: %s",
				sqlite3_errmsg(db));
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}
