/*
 * flame.c - the flame graph's rows (see flame.h).
 *
 * The contexts are loaded as every context report loads them
 * (context_tree.c: names as the flat profile shows them, inclusive
 * ticks summed), then put in a temporary table so that html.c writes
 * them as JSON with the same writer as every other table of the page
 * (output.c: escaping, numbers).  html_page.c's script lays the frames
 * out: a frame's width is its inclusive time, its children stacked
 * above it.  Contexts of less than 1/FLAME_MIN_SHARE of all the
 * contexts' time (and so everything below them) are left out: too
 * narrow to see even zoomed into a frame of 1%, they would only make
 * the page big (200,000 contexts: 29 MB).
 */
#include "flame.h"

#include "context_tree.h"
#include "db_error.h"

#include <stdint.h>
#include <stdlib.h>

#define FLAME_MIN_SHARE 10000

/* The one selected run, if it has contexts; 0 if not. */
static int64_t run_with_contexts(sqlite3 *db)
{
	sqlite3_stmt *stmt;
	int64_t run = 0;

	if (sqlite3_prepare_v2(db, "SELECT min(run), count(*) FROM"
			       " temp.selected_runs", -1, &stmt, NULL)
	    != SQLITE_OK)
		return 0;
	if (sqlite3_step(stmt) == SQLITE_ROW
	    && sqlite3_column_int64(stmt, 1) == 1)
		run = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	if (run == 0 || sqlite3_prepare_v2(db, "SELECT 1 FROM contexts WHERE"
					   " run = ? LIMIT 1", -1, &stmt,
					   NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) != SQLITE_ROW)
		run = 0;
	sqlite3_finalize(stmt);
	return run;
}

static int fill(sqlite3 *db, const char *db_path, const struct ctx_tree *t)
{
	sqlite3_stmt *stmt;
	int rc = SQLITE_DONE;
	int64_t all = 0;

	for (int i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].parent < 0)
			all += t->nodes[i].inclusive;
	if (sqlite3_exec(db, "CREATE TEMP TABLE IF NOT EXISTS flame(seq INTEGER"
			 " PRIMARY KEY, id, parent, name, calls, ticks,"
			 " inclusive, seconds); DELETE FROM temp.flame", NULL,
			 NULL, NULL) != SQLITE_OK
	    || sqlite3_prepare_v2(db, "INSERT INTO temp.flame VALUES"
				  " (?, ?, ?, ?, ?, ?, ?, ?)", -1, &stmt, NULL)
		       != SQLITE_OK)
		return db_error(db, db_path, "draw the flame graph");
	for (int i = 0; i < t->n_nodes && rc == SQLITE_DONE; i++) {
		const struct ctx_node *x = &t->nodes[i];

		if (x->inclusive == 0
		    || (double)x->inclusive * FLAME_MIN_SHARE < (double)all)
			continue;
		sqlite3_bind_int(stmt, 1, i);
		sqlite3_bind_int64(stmt, 2, x->id);
		sqlite3_bind_int64(stmt, 3, x->parent < 0
				   ? 0 : t->nodes[x->parent].id);
		sqlite3_bind_text(stmt, 4, t->fns[x->fn].name, -1,
				  SQLITE_STATIC);
		sqlite3_bind_int64(stmt, 5, x->calls);
		sqlite3_bind_int64(stmt, 6, x->ticks);
		sqlite3_bind_int64(stmt, 7, x->inclusive);
		sqlite3_bind_double(stmt, 8, ctx_seconds(t, x->inclusive));
		rc = sqlite3_step(stmt);
		sqlite3_reset(stmt);
	}
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0 : db_error(db, db_path,
						"draw the flame graph");
}

int flame_prepare(sqlite3 *db, const char *db_path, int short_names,
		  sqlite3_stmt **stmt)
{
	int64_t run = run_with_contexts(db);
	struct ctx_tree t;
	int rc;

	*stmt = NULL;
	if (run == 0)
		return 0;
	if (ctx_tree_load(db, db_path, run, CTX_VALUE_TICKS, short_names,
			  "--html", &t) != 0)
		return -1;
	rc = fill(db, db_path, &t);
	ctx_tree_free(&t);
	if (rc == 0 && sqlite3_prepare_v2(db, "SELECT id, parent, name, calls,"
					  " ticks, inclusive, seconds FROM"
					  " temp.flame ORDER BY seq", -1, stmt,
					  NULL) != SQLITE_OK)
		rc = db_error(db, db_path, "draw the flame graph");
	return rc;
}
