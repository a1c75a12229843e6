/*
 * flat_query.c - the rows of a flat profile (see flat_query.h).
 *
 * One statement does it all, so that the numbers the flat profile, the
 * gprof layout, the web page and the data formats show are the same.
 * Every option is a bound parameter: ?1 --by-unit, ?2 --short-names,
 * ?3 --all, ?4 --threshold, ?5 --limit (-1: none).
 */
#include "flat_query.h"

#include "db_error.h"
#include "diag.h"
#include "shortname.h"

#include <stdlib.h>
#include <string.h>

/* The order: @ORDER@ is replaced by the --sort key's columns. */
/* By seconds first: runs merged at different rates (--merge) have ticks
 * of different lengths, and a 25% function had more of them than a 75%
 * one.  For one run, seconds are in proportion to ticks. */
#define FLAT_ORDER "ORDER BY @ORDER@seconds DESC, ticks DESC, calls DESC, name, file, symbol, unit"

/* The selected runs' cost centres grouped, with their share.  Each
 * run's CPU time is divided in proportion to its own ticks, and the
 * seconds summed over the runs (--merge): runs sampled at different
 * rates (CCPROF_HZ), whose ticks are periods of different lengths, or
 * not at all (hz 0: its CPU time is in no function's), add up right,
 * where summing the ticks first gave a 100 Hz run a tenth of its share
 * beside a 1000 Hz one.  One run: ticks * cpu / its ticks, as before. */
#define GROUPED_SQL							\
	"WITH sel AS (\n"						\
	"  SELECT id, cpu, ticks FROM runs\n"				\
	"  WHERE id IN (SELECT run FROM temp.selected_runs)),\n"	\
	"tot AS (\n"							\
	"  SELECT sum(CASE WHEN ticks > 0 THEN cpu ELSE 0.0 END) AS cpu,\n" \
	"         sum(ticks) AS ticks FROM sel),\n"			\
	"g AS (\n"							\
	"  SELECT c.name AS name, c.file AS file,\n"			\
	"         CASE WHEN ?1 THEN coalesce(m.source, '') ELSE '' END\n" \
	"           AS unit,\n"						\
	"         min(c.line) AS line, c.symbol AS symbol, c.kind AS kind,\n" \
	"         sum(c.calls) AS calls, sum(c.ticks) AS ticks,\n"	\
	"         sum(CASE WHEN s.ticks > 0\n"				\
	"                  THEN c.ticks * s.cpu / s.ticks ELSE 0.0 END)\n" \
	"           AS seconds,\n"					\
	"         count(*) AS units@GSUM@\n"				\
	"  FROM cost_centres AS c JOIN sel AS s ON s.id = c.run\n"	\
	"  LEFT JOIN modules AS m ON m.run = c.run AND m.id = c.module\n" \
	"  GROUP BY c.name, c.file, c.symbol, c.kind, 3),\n"		\
	"f AS (\n"							\
	"  SELECT g.*,\n"						\
	"    CASE WHEN tot.cpu > 0 THEN 100.0 * g.seconds / tot.cpu\n"	\
	"         WHEN tot.ticks > 0 THEN 100.0 * g.ticks / tot.ticks\n" \
	"         ELSE 0.0 END AS pct\n"				\
	"  FROM g, tot),\n"						\
	"o AS (\n"							\
	"  SELECT f.*,\n"						\
	"    CASE WHEN calls > 0 THEN 1000.0 * seconds / calls END\n"	\
	"      AS ms_per_call,\n"					\
	"    sum(seconds) OVER (" FLAT_ORDER " ROWS UNBOUNDED PRECEDING)\n" \
	"      AS cumsecs,\n"						\
	"    row_number() OVER (" FLAT_ORDER ") AS rank,\n"		\
	"    count(*) OVER (PARTITION BY name) AS same_name,\n"		\
	"    count(*) OVER (PARTITION BY name, file) AS same_file,\n"	\
	"    " SHORT_NAMES_SQL("name") " AS short\n"			\
	"  FROM f)\n"

/* Shown: a cost centre called, sampled, or charged some metric (the
 * (unprofiled) row, with no ticks, can hold most of a program's
 * allocations: an uninstrumented constructor's). */
#define SHOWN_SQL							\
	"WHERE (?3 OR calls > 0 OR ticks > 0@MSHOWN@) AND pct >= ?4\n"	\
	"ORDER BY rank LIMIT ?5"

static const char data_sql[] =
	GROUPED_SQL
	"SELECT CASE WHEN ?2 THEN short ELSE name END AS name,\n"
	"  file, line, calls, ticks, seconds, cumsecs, pct, ms_per_call,\n"
	"  symbol, kind, units, unit@MCOLS@\n"
	"FROM o\n" SHOWN_SQL;

static const char rows_sql[] =
	GROUPED_SQL
	"SELECT CASE WHEN ?2 THEN short ELSE name END AS name,\n"
	"  file, line, calls, ticks, seconds, cumsecs, pct, ms_per_call,\n"
	"  symbol, kind, units,\n"
	"  CASE WHEN same_file > 1 THEN unit ELSE '' END AS unit,\n"
	"  same_name > same_file AS shared_name@MCOLS@\n"
	"FROM o\n" SHOWN_SQL;

static const char hidden_sql[] =
	GROUPED_SQL
	"SELECT count(*) FROM o WHERE calls = 0 AND ticks = 0@MHIDDEN@";

static void bind_options(sqlite3_stmt *stmt, const struct flat_options *o)
{
	sqlite3_bind_int(stmt, 1, o->by_unit);
	if (sqlite3_bind_parameter_count(stmt) < 2)
		return;
	sqlite3_bind_int(stmt, 2, o->short_names);
	sqlite3_bind_int(stmt, 3, o->all);
	sqlite3_bind_double(stmt, 4, o->threshold);
	sqlite3_bind_int64(stmt, 5, o->limit > 0 ? o->limit : -1);
}

int flat_sort_known(const char *key)
{
	return strcmp(key, "time") == 0 || strcmp(key, "calls") == 0
	       || metric_by_name(key) >= 0;
}

const char *flat_sort_metrics(void)
{
	static char list[512];

	if (!list[0])
		for (int m = 0; m < N_METRICS; m++) {
			if (m)
				strcat(list, ", ");
			strcat(list, metric_names[m]);
		}
	return list;
}

/* The events any selected run measured (runs.events), as a mask. */
static long selected_events(sqlite3 *db)
{
	sqlite3_stmt *stmt;
	long mask = 0;

	if (sqlite3_prepare_v2(db, "SELECT events FROM runs WHERE id IN "
			       "(SELECT run FROM temp.selected_runs) AND "
			       "events IS NOT NULL", -1, &stmt, NULL)
	    != SQLITE_OK)
		return 0;	/* a database before schema 6 has none */
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		const char *bad;
		size_t bad_len;
		long m = events_parse((const char *)sqlite3_column_text(stmt, 0),
				      &bad, &bad_len);

		if (m > 0)
			mask |= m;	/* a newer ccprof's event: not shown */
	}
	sqlite3_finalize(stmt);
	return mask;
}

/* TEMPLATE with @ORDER@, @GSUM@, @MCOLS@, @MSHOWN@ and @MHIDDEN@
 * filled in; NULL when out of memory.  Metric names come from
 * ccprof_metrics.def, never from the database. */
static char *fill_template(const char *template, const int *metrics,
			   int n_metrics, const char *order)
{
	char gsum[1024] = "", mcols[512] = "", mshown[1024] = "",
	     mhidden[1024] = "";
	size_t len = strlen(template) + 4 * strlen(order) + 8 * sizeof gsum;
	char *sql = malloc(len), *out = sql;

	if (!sql)
		return NULL;
	for (int i = 0; i < n_metrics; i++) {
		const char *m = metric_names[metrics[i]];

		snprintf(gsum + strlen(gsum), sizeof gsum - strlen(gsum),
			 ", sum(c.%s) AS %s", m, m);
		snprintf(mcols + strlen(mcols), sizeof mcols - strlen(mcols),
			 ", %s", m);
		snprintf(mshown + strlen(mshown),
			 sizeof mshown - strlen(mshown),
			 " OR coalesce(%s, 0) <> 0", m);
		snprintf(mhidden + strlen(mhidden),
			 sizeof mhidden - strlen(mhidden),
			 " AND coalesce(%s, 0) = 0", m);
	}
	for (const char *p = template; *p;) {
		const char *with = NULL;
		size_t skip = 0;

		if (strncmp(p, "@ORDER@", 7) == 0)
			with = order, skip = 7;
		else if (strncmp(p, "@GSUM@", 6) == 0)
			with = gsum, skip = 6;
		else if (strncmp(p, "@MCOLS@", 7) == 0)
			with = mcols, skip = 7;
		else if (strncmp(p, "@MSHOWN@", 8) == 0)
			with = mshown, skip = 8;
		else if (strncmp(p, "@MHIDDEN@", 9) == 0)
			with = mhidden, skip = 9;
		if (with) {
			out = stpcpy(out, with);
			p += skip;
		} else {
			*out++ = *p++;
		}
	}
	*out = '\0';
	return sql;
}

int flat_query_metrics(sqlite3 *db, int metrics[N_METRICS])
{
	long events = selected_events(db);
	int n = 0;

	for (int m = 0; m < N_METRICS; m++)
		if (events & (1L << metric_event[m]))
			metrics[n++] = m;
	return n;
}

int flat_query_check_sort(sqlite3 *db, const char *db_path,
			  const struct flat_options *o)
{
	int m = o->sort ? metric_by_name(o->sort) : -1;

	if (m >= 0 && !(selected_events(db) & (1L << metric_event[m]))) {
		diag_file_error(db_path, "--sort %s: the run did not record it "
				"(run the program with CCPROF_EVENTS=%s)",
				o->sort, event_names[metric_event[m]]);
		return -1;
	}
	return 0;
}

int flat_query_prepare(sqlite3 *db, const char *db_path,
		       const struct flat_options *o, int data,
		       sqlite3_stmt **stmt)
{
	int sort_metric = o->sort ? metric_by_name(o->sort) : -1;
	int metrics[N_METRICS], n_metrics = flat_query_metrics(db, metrics);
	char order[64] = "";
	char *sql;
	int rc;

	if (flat_query_check_sort(db, db_path, o) != 0)
		return -1;
	if (sort_metric >= 0)
		snprintf(order, sizeof order, "%s DESC, ",
			 metric_names[sort_metric]);
	else if (o->sort && strcmp(o->sort, "calls") == 0)
		strcpy(order, "calls DESC, ");
	sql = fill_template(data ? data_sql : rows_sql, metrics, n_metrics,
			    order);
	if (!sql)
		return db_error(db, db_path, "read the flat profile (out of "
				"memory)");
	rc = flat_query_register_functions(db) != 0
	     || sqlite3_prepare_v2(db, sql, -1, stmt, NULL) != SQLITE_OK;
	free(sql);
	if (rc)
		return db_error(db, db_path, "read the flat profile");
	bind_options(*stmt, o);
	return 0;
}

int64_t flat_query_hidden(sqlite3 *db, const char *db_path,
			  const struct flat_options *o)
{
	sqlite3_stmt *stmt;
	int64_t n = -1;
	int metrics[N_METRICS], n_metrics = flat_query_metrics(db, metrics);
	char *sql;
	int rc;

	sql = fill_template(hidden_sql, metrics, n_metrics, "");
	if (!sql)
		return db_error(db, db_path, "read the flat profile");
	rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
	free(sql);
	if (rc != SQLITE_OK)
		return db_error(db, db_path, "read the flat profile");
	bind_options(stmt, o);
	if (sqlite3_step(stmt) == SQLITE_ROW)
		n = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	if (n < 0)
		return db_error(db, db_path, "read the flat profile");
	return n;
}

static void short_name_function(sqlite3_context *ctx, int argc,
				sqlite3_value **argv)
{
	const char *name = (const char *)sqlite3_value_text(argv[0]);
	char *s;

	if (!name) {
		sqlite3_result_null(ctx);
		return;
	}
	s = shortname_of(name, argc > 1 && sqlite3_value_int(argv[1]));
	if (!s) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	sqlite3_result_text(ctx, s, -1, free);
}

/* short_name(NAME) and short_name(NAME, KEEP_PARAMETERS). */
int flat_query_register_functions(sqlite3 *db)
{
	for (int args = 1; args <= 2; args++)
		if (sqlite3_create_function(db, "short_name", args,
					    SQLITE_UTF8 | SQLITE_DETERMINISTIC,
					    NULL, short_name_function, NULL,
					    NULL) != SQLITE_OK)
			return -1;
	return 0;
}
