/*
 * compare.c - --compare A B (see compare.h).
 *
 * The profiler's overhead: a profiled run against a --time run of the
 * plain build (or any two runs, one of them timed): ratios a/b of the
 * medians, and the range the ratio takes over the timed runs' spread.
 *
 * Appel's comparison (Appel, Duba & MacQueen 1988, section 3): the same
 * program built twice, once with a function excluded from profiling.
 * In the run without its cost centre its time is charged to whatever
 * was current when it ran: its callers.  So the cost centres whose
 * share grew are the callers that inherited it.
 *
 * Cost centres pair by display name and kind.  Only a name that one run
 * has more than once (static functions of one name in several files) is
 * paired by its file too, and then by the file's base name, so that two
 * builds from different directories pair.  The kind is
 * cost_centres.kind (schema 5; 'function' for a profile before format
 * 4), so a function and an SCC label of one name do not pair.  Calls and
 * ticks are summed
 * over the units that compiled one function (--by-unit: per unit).
 */
#include "compare.h"

#include "db_error.h"
#include "diag.h"
#include "shortname.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The base name of a path, in SQL. */
#define BASENAME_SQL(x) "replace(" x ", rtrim(" x ", replace(" x ", '/', '')), '')"

/* ?1 run a, ?2 run b, ?3 --by-unit, ?4 --short-names.  "shown" is the
 * name the rows and notes show (shortname.h: shortened only as far as
 * it stays apart from the others). */
static const char pair_sql[] =
	"CREATE TEMP TABLE compared AS\n"
	"WITH sides AS (SELECT 0 AS side, ?1 AS run UNION ALL SELECT 1, ?2),\n"
	"g AS (\n"
	"  SELECT s.side, c.name, c.kind, c.file,\n"
	"    CASE WHEN ?3 THEN " BASENAME_SQL("coalesce(m.source, '')") "\n"
	"         ELSE '' END AS unit,\n"
	"    sum(c.calls) AS calls, sum(c.ticks) AS ticks\n"
	"  FROM sides AS s JOIN cost_centres AS c ON c.run = s.run\n"
	"  LEFT JOIN modules AS m ON m.run = c.run AND m.id = c.module\n"
	"  GROUP BY 1, 2, 3, 4, 5),\n"
	"ambiguous AS (\n"
	"  SELECT DISTINCT name, kind FROM g\n"
	"  GROUP BY side, name, kind, unit HAVING count(*) > 1),\n"
	"k AS (\n"
	"  SELECT g.*,\n"
	"    CASE WHEN EXISTS (SELECT 1 FROM ambiguous AS x\n"
	"                      WHERE x.name = g.name AND x.kind = g.kind)\n"
	"         THEN " BASENAME_SQL("g.file") " ELSE '' END AS pair_file,\n"
	"    CASE WHEN r.ticks > 0 THEN g.ticks * r.cpu / r.ticks\n"
	"         ELSE 0.0 END AS seconds,\n"
	"    CASE WHEN r.ticks > 0 THEN 100.0 * g.ticks / r.ticks\n"
	"         ELSE 0.0 END AS pct\n"
	"  FROM g JOIN sides AS s ON s.side = g.side\n"
	"  JOIN runs AS r ON r.id = s.run),\n"
	"a AS (SELECT * FROM k WHERE side = 0),\n"
	"b AS (SELECT * FROM k WHERE side = 1),\n"
	"p AS (\n"
	"  SELECT a.name, a.kind, a.file, a.pair_file, a.unit,\n"
	"    a.calls AS calls_a, b.calls AS calls_b,\n"
	"    a.ticks AS ticks_a, b.ticks AS ticks_b,\n"
	"    a.seconds AS seconds_a, b.seconds AS seconds_b,\n"
	"    a.pct AS pct_a, b.pct AS pct_b,\n"
	"    coalesce(b.pct, 0.0) - a.pct AS delta_pct\n"
	"  FROM a LEFT JOIN b ON b.name = a.name AND b.kind = a.kind\n"
	"    AND b.pair_file = a.pair_file AND b.unit = a.unit\n"
	"  UNION ALL\n"
	"  SELECT b.name, b.kind, b.file, b.pair_file, b.unit, NULL, b.calls,\n"
	"    NULL, b.ticks, NULL, b.seconds, NULL, b.pct, b.pct\n"
	"  FROM b WHERE NOT EXISTS (SELECT 1 FROM a WHERE a.name = b.name\n"
	"    AND a.kind = b.kind AND a.pair_file = b.pair_file\n"
	"    AND a.unit = b.unit))\n"
	"SELECT p.*, CASE WHEN ?4 THEN " SHORT_NAMES_SQL("name") "\n"
	"  ELSE name END AS shown\n"
	"FROM p";

/* The rows shown: ?1 --all, ?2 --threshold, ?3 --limit, ?4 rounded
 * (table, page) or exact (data), ?5 the file and unit after the name
 * where they tell rows apart (table); the data and the page have them
 * as columns. */
#define ROWS_SQL(extra_columns)						\
	"SELECT\n"							\
	"  calls_a, calls_b,\n"						\
	"  CASE WHEN ?4 THEN round(seconds_a, 3) ELSE seconds_a END\n"	\
	"    AS seconds_a,\n"						\
	"  CASE WHEN ?4 THEN round(seconds_b, 3) ELSE seconds_b END\n"	\
	"    AS seconds_b,\n"						\
	"  CASE WHEN ?4 THEN round(pct_a, 2) ELSE pct_a END AS pct_a,\n" \
	"  CASE WHEN ?4 THEN round(pct_b, 2) ELSE pct_b END AS pct_b,\n" \
	"  CASE WHEN ?4 THEN round(delta_pct, 2) ELSE delta_pct END\n"	\
	"    AS delta_pct,\n"						\
	"  shown\n"							\
	"  || CASE WHEN ?5 AND pair_file != '' THEN ' (' || pair_file || ')'\n" \
	"          ELSE '' END\n"					\
	"  || CASE WHEN ?5 AND unit != '' THEN ' [' || unit || ']'\n"	\
	"          ELSE '' END AS name\n"				\
	extra_columns							\
	"FROM temp.compared\n"						\
	"WHERE (?1 OR coalesce(calls_a, 0) + coalesce(ticks_a, 0)\n"	\
	"          + coalesce(calls_b, 0) + coalesce(ticks_b, 0) > 0)\n"	\
	"  AND max(coalesce(pct_a, 0), coalesce(pct_b, 0)) >= ?2\n"	\
	"ORDER BY coalesce(pct_a, 0) + coalesce(pct_b, 0) DESC,\n"	\
	"  coalesce(calls_a, 0) + coalesce(calls_b, 0) DESC, name, file,\n" \
	"  unit\n"							\
	"LIMIT ?3"

static const char table_rows_sql[] = ROWS_SQL("");
static const char data_rows_sql[] = ROWS_SQL(", file, kind, unit\n");

/* Cost centres that only one run has and that had time there. */
static const char missing_sql[] =
	"SELECT shown, pair_file, unit, pct_a, pct_b FROM temp.compared\n"
	"WHERE (pct_a IS NULL OR pct_b IS NULL)\n"
	"  AND coalesce(pct_a, pct_b) > 0\n"
	"ORDER BY coalesce(pct_a, pct_b) DESC, name";

/* The cost centres both runs have whose share grew (?1 = 1) or fell
 * (?1 = 0): where the time of a missing cost centre went, or came
 * from.  At most ten, of at least 0.1 point. */
static const char gains_sql[] =
	"SELECT shown, pair_file, unit, delta_pct FROM temp.compared\n"
	"WHERE pct_a IS NOT NULL AND pct_b IS NOT NULL\n"
	"  AND CASE WHEN ?1 THEN delta_pct >= 0.1 ELSE delta_pct <= -0.1 END\n"
	"ORDER BY abs(delta_pct) DESC, name LIMIT 10";

/* The same as data: one row per missing cost centre and gainer. */
static const char inherited_sql[] =
	"SELECT m.shown AS missing, CASE WHEN m.pct_b IS NULL THEN 'a'\n"
	"  ELSE 'b' END AS only_in, coalesce(m.pct_a, m.pct_b) AS pct,\n"
	"  g.shown AS inherited_by, g.delta_pct AS delta_pct\n"
	"FROM temp.compared AS m JOIN temp.compared AS g\n"
	"  ON g.pct_a IS NOT NULL AND g.pct_b IS NOT NULL\n"
	"  AND CASE WHEN m.pct_b IS NULL THEN g.delta_pct >= 0.1\n"
	"           ELSE g.delta_pct <= -0.1 END\n"
	"WHERE (m.pct_a IS NULL OR m.pct_b IS NULL)\n"
	"  AND coalesce(m.pct_a, m.pct_b) > 0\n"
	"ORDER BY pct DESC, m.name, abs(g.delta_pct) DESC, g.name";

/* ?1 run a, ?2 run b, ?3 rounded. */
#define RATIO_ROW_SQL(measure, col)					\
	"SELECT '" measure "' AS measure,\n"				\
	"  CASE WHEN ?3 THEN round(a." col ", 3) ELSE a." col " END AS a,\n" \
	"  CASE WHEN ?3 THEN round(b." col ", 3) ELSE b." col " END AS b,\n" \
	"  CASE WHEN ?3 THEN round(a." col " / b." col ", 3)\n"		\
	"       ELSE a." col " / b." col " END AS ratio,\n"		\
	"  CASE WHEN ?3 THEN round(coalesce(a." col "_min, a." col ")\n" \
	"    / coalesce(b." col "_max, b." col "), 3)\n"		\
	"       ELSE coalesce(a." col "_min, a." col ")\n"		\
	"    / coalesce(b." col "_max, b." col ") END AS ratio_low,\n"	\
	"  CASE WHEN ?3 THEN round(coalesce(a." col "_max, a." col ")\n" \
	"    / coalesce(b." col "_min, b." col "), 3)\n"		\
	"       ELSE coalesce(a." col "_max, a." col ")\n"		\
	"    / coalesce(b." col "_min, b." col ") END AS ratio_high\n"	\
	"FROM runs AS a, runs AS b WHERE a.id = ?1 AND b.id = ?2\n"

static const char overhead_sql[] =
	RATIO_ROW_SQL("cpu_s", "cpu")
	"UNION ALL\n"
	RATIO_ROW_SQL("wall_s", "wall")
	"UNION ALL\n"
	"SELECT 'max_rss_kib', a.max_rss, b.max_rss,\n"
	"  CASE WHEN ?3 THEN round(1.0 * a.max_rss / b.max_rss, 3)\n"
	"       ELSE 1.0 * a.max_rss / b.max_rss END, NULL, NULL\n"
	"FROM runs AS a, runs AS b WHERE a.id = ?1 AND b.id = ?2";

/* Units of a run, by base name, sorted: what "the same program" means. */
static const char units_sql[] =
	"SELECT group_concat(base, ', ') FROM (SELECT "
	BASENAME_SQL("source") " AS base FROM modules WHERE run = ?"
	" ORDER BY base)";

int compare_is_timed(sqlite3 *db, const char *db_path, int64_t run)
{
	sqlite3_stmt *stmt;
	int timed = -1;

	if (sqlite3_prepare_v2(db, "SELECT kind = 'time' FROM runs WHERE"
			       " id = ?", -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the run");
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) == SQLITE_ROW)
		timed = sqlite3_column_int(stmt, 0);
	sqlite3_finalize(stmt);
	if (timed < 0)
		return db_error(db, db_path, "read the run");
	return timed;
}

/* The run's units (base names, sorted, joined by ", "), malloc'd; NULL
 * with a message on error. */
static char *run_units(sqlite3 *db, const char *db_path, int64_t run)
{
	sqlite3_stmt *stmt;
	const char *units = NULL;
	char *copy;

	if (sqlite3_prepare_v2(db, units_sql, -1, &stmt, NULL) != SQLITE_OK) {
		db_error(db, db_path, "read the run's units");
		return NULL;
	}
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) == SQLITE_ROW)
		units = (const char *)sqlite3_column_text(stmt, 0);
	copy = strdup(units ? units : "");
	sqlite3_finalize(stmt);
	if (!copy)
		diag_error("out of memory");
	return copy;
}

/* Two profiles compare only if they are of one program: the same
 * translation units, by file name. */
static int check_same_program(sqlite3 *db, const char *db_path, int64_t a,
			      int64_t b)
{
	char *units_a = run_units(db, db_path, a);
	char *units_b = units_a ? run_units(db, db_path, b) : NULL;
	char quoted_a[1024], quoted_b[1024];
	int rc = -1;

	if (units_a && units_b && strcmp(units_a, units_b) == 0)
		rc = 0;
	else if (units_a && units_b)
		diag_file_error(db_path, "runs %" PRId64 " and %" PRId64 " are "
				"of different programs (run %" PRId64 " was "
				"built from %s; run %" PRId64 " from %s): "
				"--compare compares two builds of one program, "
				"or a profile with a --time run", a, b, a,
				text_quote(quoted_a, sizeof quoted_a, units_a,
					   strlen(units_a)),
				b, text_quote(quoted_b, sizeof quoted_b,
					      units_b, strlen(units_b)));
	free(units_a);
	free(units_b);
	return rc;
}

int compare_pair(sqlite3 *db, const char *db_path,
		 const struct flat_options *o, int64_t a, int64_t b)
{
	sqlite3_stmt *stmt;
	int rc;

	if (check_same_program(db, db_path, a, b) != 0)
		return -1;
	if (flat_query_register_functions(db) != 0
	    || sqlite3_exec(db, "DROP TABLE IF EXISTS temp.compared", NULL,
			    NULL, NULL) != SQLITE_OK
	    || sqlite3_prepare_v2(db, pair_sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "compare the runs");
	sqlite3_bind_int64(stmt, 1, a);
	sqlite3_bind_int64(stmt, 2, b);
	sqlite3_bind_int(stmt, 3, o->by_unit);
	sqlite3_bind_int(stmt, 4, o->short_names);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "compare the runs");
	return 0;
}

/* "run N (LABEL): ARGS  (cpu S s, wall W s)" */
static int print_run_line(sqlite3 *db, const char *db_path, char side,
			  int64_t run, FILE *out)
{
	sqlite3_stmt *stmt;
	const char *label, *args;

	if (sqlite3_prepare_v2(db, "SELECT label, args, cpu, wall, kind,"
			       " repeats FROM runs WHERE id = ?", -1, &stmt,
			       NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the run");
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) != SQLITE_ROW) {
		sqlite3_finalize(stmt);
		return db_error(db, db_path, "read the run");
	}
	label = (const char *)sqlite3_column_text(stmt, 0);
	args = (const char *)sqlite3_column_text(stmt, 1);
	fprintf(out, "%c: run %" PRId64, side, run);
	if (label) {
		fputs(" (", out);
		text_put_display(out, label, strlen(label));
		fputc(')', out);
	}
	fputs(": ", out);
	if (args)
		text_put_display(out, args, strlen(args));
	fprintf(out, "  (cpu %.3f s, wall %.3f s", sqlite3_column_double(stmt, 2),
		sqlite3_column_double(stmt, 3));
	if (strcmp((const char *)sqlite3_column_text(stmt, 4), "time") == 0)
		fprintf(out, "; timed, median of %lld",
			(long long)sqlite3_column_int64(stmt, 5));
	fputs(")\n", out);
	sqlite3_finalize(stmt);
	return 0;
}

int compare_prepare_overhead(sqlite3 *db, const char *db_path, int64_t a,
			     int64_t b, int rounded, sqlite3_stmt **stmt)
{
	if (sqlite3_prepare_v2(db, overhead_sql, -1, stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "compare the runs");
	sqlite3_bind_int64(*stmt, 1, a);
	sqlite3_bind_int64(*stmt, 2, b);
	sqlite3_bind_int(*stmt, 3, rounded);
	return 0;
}

int compare_prepare_rows(sqlite3 *db, const char *db_path,
			 const struct flat_options *o, enum compare_rows form,
			 sqlite3_stmt **stmt)
{
	int table = form == COMPARE_ROWS_TABLE;

	if (sqlite3_prepare_v2(db, table ? table_rows_sql : data_rows_sql,
			       -1, stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "compare the runs");
	sqlite3_bind_int(*stmt, 1, o->all);
	sqlite3_bind_double(*stmt, 2, o->threshold);
	sqlite3_bind_int64(*stmt, 3, o->limit > 0 ? o->limit : -1);
	sqlite3_bind_int(*stmt, 4, form != COMPARE_ROWS_DATA);
	sqlite3_bind_int(*stmt, 5, table);
	return 0;
}

/* A profile merged from several processes (%m) holds the sum of their
 * CPU times, a timed run one process's: say so, since the ratio then
 * compares unlike quantities. */
static int warn_if_merged(sqlite3 *db, const char *db_path, int64_t run)
{
	sqlite3_stmt *stmt;
	int64_t processes = 1;

	if (sqlite3_prepare_v2(db, "SELECT processes FROM runs WHERE id = ?",
			       -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the run");
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) == SQLITE_ROW &&
	    sqlite3_column_type(stmt, 0) != SQLITE_NULL)
		processes = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	if (processes > 1)
		diag_error("warning: run %" PRId64 " is merged from %" PRId64
			   " processes: its CPU and wall times are their sums, "
			   "where a timed run's are one run's; compare a "
			   "profile of one run", run, processes);
	return 0;
}

static int print_overhead(sqlite3 *db, const char *db_path, int64_t a,
			  int64_t b, enum output_format format, FILE *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (warn_if_merged(db, db_path, a) != 0 ||
	    warn_if_merged(db, db_path, b) != 0)
		return -1;

	if (format == FORMAT_TABLE) {
		fputs("overhead: a over b (ratio a/b; low and high over the "
		      "timed runs' spread)\n", out);
		if (print_run_line(db, db_path, 'a', a, out) != 0
		    || print_run_line(db, db_path, 'b', b, out) != 0)
			return -1;
	}
	if (compare_prepare_overhead(db, db_path, a, b, format == FORMAT_TABLE,
				     &stmt) != 0)
		return -1;
	rc = output_rows(stmt, format, out);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "compare the runs");
	return 0;
}

static void put_row_name(sqlite3_stmt *stmt, FILE *out)
{
	const char *name = (const char *)sqlite3_column_text(stmt, 0);
	const char *file = (const char *)sqlite3_column_text(stmt, 1);
	const char *unit = (const char *)sqlite3_column_text(stmt, 2);

	text_put_display(out, name, strlen(name));
	if (file && *file) {
		fputs(" (", out);
		text_put_display(out, file, strlen(file));
		fputc(')', out);
	}
	if (unit && *unit) {
		fputs(" [", out);
		text_put_display(out, unit, strlen(unit));
		fputc(']', out);
	}
}

/* For a cost centre only one run has: "NAME is only in run a (12.34%):
 * in run b its time went to: CALLER +12.01, ..." */
static int print_inherited(sqlite3 *db, const char *db_path, FILE *out)
{
	sqlite3_stmt *missing, *gains;
	int rc;

	if (sqlite3_prepare_v2(db, missing_sql, -1, &missing, NULL)
	    != SQLITE_OK)
		return db_error(db, db_path, "compare the runs");
	if (sqlite3_prepare_v2(db, gains_sql, -1, &gains, NULL) != SQLITE_OK) {
		sqlite3_finalize(missing);
		return db_error(db, db_path, "compare the runs");
	}
	while ((rc = sqlite3_step(missing)) == SQLITE_ROW) {
		int only_a = sqlite3_column_type(missing, 4) == SQLITE_NULL;
		int n = 0;

		fputc('\n', out);
		put_row_name(missing, out);
		fprintf(out, " is only in run %c (%.2f%%): ", only_a ? 'a' : 'b',
			sqlite3_column_double(missing, only_a ? 3 : 4));
		fputs(only_a ? "in run b its time went to its callers:"
			     : "in run a its time was its callers':", out);
		sqlite3_bind_int(gains, 1, only_a);
		while (sqlite3_step(gains) == SQLITE_ROW) {
			fputs(n++ ? ", " : " ", out);
			put_row_name(gains, out);
			fprintf(out, " %+.2f", sqlite3_column_double(gains, 3));
		}
		sqlite3_reset(gains);
		fputs(n ? (only_a ? " (inherited)\n" : "\n")
			: " no cost centre's share changed\n", out);
	}
	sqlite3_finalize(gains);
	sqlite3_finalize(missing);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "compare the runs");
	return 0;
}

static int print_appel(sqlite3 *db, const char *db_path,
		       const struct flat_options *o, int64_t a, int64_t b,
		       enum output_format format, FILE *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (compare_pair(db, db_path, o, a, b) != 0)
		return -1;
	if (format == FORMAT_TABLE
	    && (print_run_line(db, db_path, 'a', a, out) != 0
		|| print_run_line(db, db_path, 'b', b, out) != 0))
		return -1;
	if (compare_prepare_rows(db, db_path, o, format == FORMAT_TABLE
					? COMPARE_ROWS_TABLE : COMPARE_ROWS_DATA,
				 &stmt) != 0)
		return -1;
	rc = output_rows(stmt, format, out);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "compare the runs");
	if (format == FORMAT_TABLE)
		return print_inherited(db, db_path, out);
	fputc('\n', out);
	if (sqlite3_prepare_v2(db, inherited_sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "compare the runs");
	rc = output_rows(stmt, format, out);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "compare the runs");
	return 0;
}

int compare_print(sqlite3 *db, const char *db_path,
		  const struct flat_options *o, int64_t a, int64_t b,
		  enum output_format format, FILE *out)
{
	int timed_a = compare_is_timed(db, db_path, a);
	int timed_b = compare_is_timed(db, db_path, b);

	if (timed_a < 0 || timed_b < 0)
		return -1;
	if (timed_a || timed_b)
		return print_overhead(db, db_path, a, b, format, out);
	return print_appel(db, db_path, o, a, b, format, out);
}
