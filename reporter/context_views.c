/*
 * context_views.c - the views over a run's calling contexts (see
 * context_views.h), so that --sql users get the numbers the reports
 * print (call_graph.c, call_paths.c, folded.c) with the same arithmetic.
 *
 * context_paths: one row per context, with its path of names from the
 * outermost caller ("main;a;c"), depth, calls, self ticks and inclusive
 * ticks (its own and every descendant's), and the same in seconds.
 * call_arcs: one row per (caller, callee) cost-centre pair, summed over
 * the callee's contexts whose parent context is the caller's (caller
 * NULL: no profiled caller): calls, the callee's self ticks and its
 * descendants' ticks actually spent under that arc.  Recursion is folded
 * in the contexts (no cost centre twice on a path), so no context of an
 * arc lies below another of the same arc and nothing is counted twice.
 *
 * Inclusive ticks come from context_up, every (context, ancestor) pair,
 * a context its own ancestor too: as many rows as the contexts' depths
 * add up to, and a sum per ancestor.  The views compute every run's
 * contexts; a query filters by run.
 */
#include "context_views.h"

#include <stddef.h>

#define CONTEXT_UP_SQL							\
	"CREATE VIEW context_up AS\n"					\
	"WITH RECURSIVE up(run, id, ancestor, ticks) AS (\n"		\
	"  SELECT run, id, id, ticks FROM contexts\n"		\
	"  UNION ALL\n"							\
	"  SELECT up.run, up.id, x.parent, up.ticks\n"		\
	"  FROM up JOIN contexts AS x\n"				\
	"    ON x.run = up.run AND x.id = up.ancestor\n"		\
	"  WHERE x.parent != 0)\n"					\
	"SELECT run, id, ancestor, ticks FROM up;\n"

#define CONTEXT_INCLUSIVE_SQL						\
	"CREATE VIEW context_inclusive AS\n"				\
	"SELECT run, ancestor AS id, sum(ticks) AS inclusive_ticks\n"	\
	"FROM context_up GROUP BY run, ancestor;\n"

#define CONTEXT_PATHS_SQL						\
	"CREATE VIEW context_paths AS\n"				\
	"WITH RECURSIVE down(run, id, depth, path) AS (\n"		\
	"  SELECT x.run, x.id, 1, c.name\n"				\
	"  FROM contexts AS x\n"					\
	"  JOIN cost_centres AS c ON c.run = x.run AND c.id = x.cc\n" \
	"  WHERE x.parent = 0\n"					\
	"  UNION ALL\n"							\
	"  SELECT x.run, x.id, down.depth + 1, down.path || ';' || c.name\n" \
	"  FROM down JOIN contexts AS x\n"				\
	"    ON x.run = down.run AND x.parent = down.id\n"	\
	"  JOIN cost_centres AS c ON c.run = x.run AND c.id = x.cc)\n" \
	"SELECT down.run, down.id, x.parent, x.cc, c.name,\n"	\
	"       down.path, down.depth, x.calls, x.ticks AS self_ticks,\n" \
	"       i.inclusive_ticks,\n"					\
	"       CASE WHEN r.ticks > 0 THEN x.ticks * r.cpu / r.ticks\n"	\
	"            ELSE 0.0 END AS self_seconds,\n"			\
	"       CASE WHEN r.ticks > 0\n"				\
	"            THEN i.inclusive_ticks * r.cpu / r.ticks\n"	\
	"            ELSE 0.0 END AS inclusive_seconds\n"		\
	"FROM down\n"							\
	"JOIN contexts AS x ON x.run = down.run AND x.id = down.id\n" \
	"JOIN cost_centres AS c ON c.run = x.run AND c.id = x.cc\n" \
	"JOIN context_inclusive AS i ON i.run = x.run AND i.id = x.id\n" \
	"JOIN runs AS r ON r.id = x.run;\n"

#define CALL_ARCS_SQL							\
	"CREATE VIEW call_arcs AS\n"					\
	"SELECT x.run AS run, p.cc AS caller_cc,\n"		\
	"       cp.name AS caller, x.cc AS callee_cc, c.name AS callee,\n" \
	"       sum(x.calls) AS calls, sum(x.ticks) AS self_ticks,\n"	\
	"       sum(i.inclusive_ticks - x.ticks) AS descendants_ticks,\n" \
	"       sum(i.inclusive_ticks) AS inclusive_ticks\n"		\
	"FROM contexts AS x\n"						\
	"JOIN context_inclusive AS i ON i.run = x.run AND i.id = x.id\n" \
	"JOIN cost_centres AS c ON c.run = x.run AND c.id = x.cc\n" \
	"LEFT JOIN contexts AS p ON p.run = x.run AND p.id = x.parent\n" \
	"LEFT JOIN cost_centres AS cp ON cp.run = p.run AND cp.id = p.cc\n" \
	"GROUP BY x.run, p.cc, x.cc;\n"

const char context_views_sql[] =
	CONTEXT_UP_SQL
	CONTEXT_INCLUSIVE_SQL
	CONTEXT_PATHS_SQL
	CALL_ARCS_SQL;

int context_views_missing(sqlite3 *db)
{
	sqlite3_stmt *stmt;
	int missing;

	if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type ="
			       " 'view' AND name = 'call_arcs'", -1, &stmt,
			       NULL) != SQLITE_OK)
		return 0;
	missing = sqlite3_step(stmt) != SQLITE_ROW;
	sqlite3_finalize(stmt);
	return missing;
}

int context_views_ensure(sqlite3 *db)
{
	return context_views_missing(db)
		       ? sqlite3_exec(db, context_views_sql, NULL, NULL, NULL)
		       : SQLITE_OK;
}
