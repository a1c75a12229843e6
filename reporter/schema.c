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

#include "diag.h"

#include <stdio.h>
#include <string.h>

/* The achieved rate is samples (signals) per CPU-second; for a format 1
 * profile, which did not count them, ticks per CPU-second (which is the
 * requested rate whenever every thread had a timer of its own). */
#define RUN_SUMMARY_SQL							\
	"CREATE VIEW run_summary AS\n"					\
	"SELECT id AS run, program, args, cpu, wall, hz, ticks, samples,\n" \
	"       CASE WHEN cpu > 0 THEN coalesce(samples, ticks) / cpu\n"	\
	"       END AS achieved_hz,\n"					\
	"       clock, status\n"					\
	"FROM runs;\n"

/* Schema 1 to 2: runs.samples.  2 to 3: runs.clock.  run_summary shows
 * them: each step drops it and the last makes it again. */
static const char *const upgrade_sql[SCHEMA_VERSION] = {
	[1] = "ALTER TABLE runs ADD COLUMN samples INTEGER;\n"
	      "UPDATE meta SET value = 2 WHERE key = 'schema_version';\n",
	[2] = "ALTER TABLE runs ADD COLUMN clock TEXT;\n"
	      "UPDATE meta SET value = 3 WHERE key = 'schema_version';\n",
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
	"  clock TEXT\n"		/* NULL: before format 3 */
	");\n"

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
	"  PRIMARY KEY (run, id),\n"
	"  FOREIGN KEY (run, module) REFERENCES modules(run, id)\n"
	"    ON DELETE CASCADE\n"
	") WITHOUT ROWID;\n"

	"CREATE INDEX cost_centres_by_name ON cost_centres(run, name, file);\n"

	/* Appel's flat profile, one row per cost centre. */
	"CREATE VIEW flat AS\n"
	"SELECT c.run, c.id, c.name, c.symbol, c.file, c.line, c.calls,\n"
	"       c.ticks,\n"
	"       CASE WHEN r.ticks > 0 THEN c.ticks * r.cpu / r.ticks\n"
	"            ELSE 0.0 END AS seconds,\n"
	"       CASE WHEN r.ticks > 0 THEN 100.0 * c.ticks / r.ticks\n"
	"            ELSE 0.0 END AS pct,\n"
	"       CASE WHEN c.calls > 0 AND r.ticks > 0\n"
	"            THEN 1000.0 * c.ticks * r.cpu / r.ticks / c.calls\n"
	"            WHEN c.calls > 0 THEN 0.0 END AS ms_per_call\n"
	"FROM cost_centres AS c JOIN runs AS r ON r.id = c.run;\n"

	/* The flat profile summed over cost centres of the same display
	 * name and file (a C++ inline function emitted by several units). */
	"CREATE VIEW flat_by_name AS\n"
	"SELECT run, name, file, sum(calls) AS calls, sum(ticks) AS ticks,\n"
	"       sum(seconds) AS seconds, sum(pct) AS pct\n"
	"FROM flat GROUP BY run, name, file;\n"

	/* Two runs side by side: a full outer join of flat_by_name with
	 * itself on (name, file), written as a left join plus the rows only
	 * run b has, so that it works on any SQLite 3. */
	"CREATE VIEW compare AS\n"
	"SELECT ra.id AS run_a, rb.id AS run_b, a.name AS name, a.file AS file,\n"
	"       a.calls AS calls_a, b.calls AS calls_b,\n"
	"       a.ticks AS ticks_a, b.ticks AS ticks_b,\n"
	"       a.seconds AS seconds_a, b.seconds AS seconds_b,\n"
	"       a.pct AS pct_a, b.pct AS pct_b,\n"
	"       coalesce(b.pct, 0.0) - a.pct AS delta_pct\n"
	"FROM runs AS ra JOIN runs AS rb\n"
	"JOIN flat_by_name AS a ON a.run = ra.id\n"
	"LEFT JOIN flat_by_name AS b\n"
	"  ON b.run = rb.id AND b.name = a.name AND b.file = a.file\n"
	"UNION ALL\n"
	"SELECT ra.id, rb.id, b.name, b.file, NULL, b.calls, NULL, b.ticks,\n"
	"       NULL, b.seconds, NULL, b.pct, b.pct\n"
	"FROM runs AS ra JOIN runs AS rb\n"
	"JOIN flat_by_name AS b ON b.run = rb.id\n"
	"WHERE NOT EXISTS (SELECT 1 FROM cost_centres AS c\n"
	"                  WHERE c.run = ra.id AND c.name = b.name\n"
	"                    AND c.file = b.file);\n"

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

int schema_state(sqlite3 *db, const char *path)
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
				"but no 'meta' table)");
		return -1;
	}
	version = query_integer(db, "SELECT value FROM meta "
				"WHERE key = 'schema_version'");
	if (version >= 1 && version < SCHEMA_VERSION)
		return 2;
	if (version != SCHEMA_VERSION) {
		diag_file_error(path, "database schema version %lld, but this "
				PROGRAM_NAME " uses version %d", version,
				SCHEMA_VERSION);
		return -1;
	}
	return 1;
}

/* From the database's version to SCHEMA_VERSION, a step at a time. */
static int upgrade(sqlite3 *db, const char *path)
{
	long long from = query_integer(db, "SELECT value FROM meta "
				       "WHERE key = 'schema_version'");

	if (sqlite3_exec(db, "DROP VIEW IF EXISTS run_summary", NULL, NULL,
			 NULL) != SQLITE_OK)
		goto fail;
	for (long long v = from; v >= 1 && v < SCHEMA_VERSION; v++)
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

int schema_ensure(sqlite3 *db, const char *path)
{
	int state = schema_state(db, path);

	if (state < 0)
		return -1;
	if (state == 0)
		return create_schema(db, path);
	if (state == 2)
		return upgrade(db, path);
	return 0;
}

int schema_ensure_alone(sqlite3 *db, const char *path)
{
	int state = schema_state(db, path);

	if (state != 0 && state != 2)
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
