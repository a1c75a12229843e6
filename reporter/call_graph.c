/*
 * call_graph.c - --call-graph (see call_graph.h): gprof's call graph,
 * with every number measured rather than guessed.
 *
 *     index % time    self  children    called     name
 *                                                      <spontaneous>
 *     [1]    100.0    0.00        1.00       1         main [1]
 *                     0.00        0.50       1/1           a [2]
 *                     0.00        0.50       1/1           b [3]
 *     -----------------------------------------------
 *                     0.30        0.00      10/20          b [3]
 *                     0.10        0.00      10/20          a [2]
 *     [4]     40.0    0.40        0.00      20         c [4]
 *     -----------------------------------------------
 *
 * The layout is GNU gprof's (-b: without the explanations): one entry
 * per function, in decreasing order of its total time (self plus
 * children; of two of the same, the one nearer the root first),
 * numbered in that order.  Above the function's own line
 * ("primary line") are its callers ("parents"), nearest the biggest;
 * below it the functions it calls ("children"), biggest first.  In a
 * parent line, self and children are the function's own time and its
 * descendants' time spent under calls from that parent, and called is
 * "calls from that parent/all calls of the function"; in a child line,
 * the child's self and descendants' time under calls from this function
 * and "calls from this function/all calls of the child".  Unlike
 * gprof's, which divides a child's time among its parents in
 * proportion to their calls, these are the times the contexts measured
 * (call_arcs.h): Froyd et al.'s a and b, whose calls of c cost
 * differently, get c's real costs.  A function also entered without a
 * profiled caller (main; a callback from unprofiled code) has a
 * "<spontaneous>" parent line with the numbers of those entries.
 * Recursion is folded into the contexts (Spivey), so there are no
 * cycles to collapse; a recursive entry is counted in the calls of the
 * arc that first entered the recursion.
 */
#include "call_graph.h"

#include "call_arcs.h"
#include "context_tree.h"
#include "diag.h"
#include "report_rows.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct graph {
	const struct ctx_tree *t;
	struct call_arc *arcs;	/* by caller, then callee */
	int n_arcs;
	int *by_callee;		/* arc indices by callee */
	int *order;		/* functions shown, by total time */
	int n_order;
	int *index;		/* function -> [index], 0: not shown */
	struct report_rows *rows;	/* csv, json: rows, not text */
	int entry;		/* the function whose entry is printed */
};

static const struct graph *sort_graph;

static int by_callee(const void *a, const void *b)
{
	const struct call_arc *x = &sort_graph->arcs[*(const int *)a];
	const struct call_arc *y = &sort_graph->arcs[*(const int *)b];

	if (x->callee != y->callee)
		return x->callee < y->callee ? -1 : 1;
	return x->caller < y->caller ? -1 : x->caller > y->caller;
}

static int by_total(const void *a, const void *b)
{
	const struct ctx_fn *x = &sort_graph->t->fns[*(const int *)a];
	const struct ctx_fn *y = &sort_graph->t->fns[*(const int *)b];

	if (x->inclusive != y->inclusive)
		return x->inclusive > y->inclusive ? -1 : 1;
	if (x->min_depth != y->min_depth)	/* callers before callees */
		return x->min_depth < y->min_depth ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Arcs A, B by time (self + descendants), then calls; the other way if
 * DESC is 0.  Ties by the other end's name. */
static int arc_order(const struct call_arc *x, const struct call_arc *y,
		     int parents)
{
	int64_t tx = x->self + x->descendants, ty = y->self + y->descendants;
	int end_x = parents ? x->caller : x->callee;
	int end_y = parents ? y->caller : y->callee;
	int c;

	if (tx != ty)
		c = tx < ty ? -1 : 1;
	else if (x->calls != y->calls)
		c = x->calls < y->calls ? -1 : 1;
	else
		c = 0;
	if (!parents)
		c = -c;
	if (c == 0 && end_x != end_y)
		c = end_x < 0 ? -1 : end_y < 0
			? 1 : strcmp(sort_graph->t->fns[end_x].name,
				     sort_graph->t->fns[end_y].name);
	return c;
}

static int parents_order(const void *a, const void *b)
{
	return arc_order(&sort_graph->arcs[*(const int *)a],
			 &sort_graph->arcs[*(const int *)b], 1);
}

static int children_order(const void *a, const void *b)
{
	return arc_order(&sort_graph->arcs[*(const int *)a],
			 &sort_graph->arcs[*(const int *)b], 0);
}

static void put_name(FILE *out, const struct graph *g, int fn)
{
	const char *name = g->t->fns[fn].name;

	text_put_display(out, name, strlen(name));
	if (g->index[fn])
		fprintf(out, " [%d]", g->index[fn]);
	fputc('\n', out);
}

/* A line of the entry of G->entry as a data row: ROLE "caller",
 * "function" or "callee", the function END (-1: <spontaneous>). */
static void add_row(const struct graph *g, const char *role, int end,
		    int64_t self, int64_t descendants, int64_t calls,
		    int64_t all_calls)
{
	sqlite3_stmt *in = g->rows->insert;
	const struct ctx_fn *f = end < 0 ? NULL : &g->t->fns[end];

	sqlite3_bind_int(in, 1, g->index[g->entry]);
	sqlite3_bind_text(in, 2, role, -1, SQLITE_STATIC);
	sqlite3_bind_text(in, 3, f ? f->name : "<spontaneous>", -1,
			  SQLITE_STATIC);
	if (f && g->index[end])
		sqlite3_bind_int(in, 4, g->index[end]);
	sqlite3_bind_int64(in, 5, self);
	sqlite3_bind_int64(in, 6, descendants);
	sqlite3_bind_double(in, 7, ctx_seconds(g->t, self));
	sqlite3_bind_double(in, 8, ctx_seconds(g->t, descendants));
	sqlite3_bind_int64(in, 9, calls);
	if (all_calls >= 0)
		sqlite3_bind_int64(in, 10, all_calls);
	if (strcmp(role, "function") == 0)
		sqlite3_bind_double(in, 11,
				    ctx_percent(g->t, self + descendants));
	report_rows_add(g->rows);
}

/* A parent or child line. */
static void put_arc(FILE *out, const struct graph *g,
		    const struct call_arc *a, int end, int64_t all_calls)
{
	if (g->rows) {
		add_row(g, end == a->caller ? "caller" : "callee", end,
			a->self, a->descendants, a->calls, all_calls);
		return;
	}
	fprintf(out, "%6.6s %5.5s %7.2f %11.2f %7" PRId64 "/%-7" PRId64
		"     ", "", "", ctx_seconds(g->t, a->self),
		ctx_seconds(g->t, a->descendants), a->calls, all_calls);
	if (end < 0)
		fputs("<spontaneous>\n", out);
	else
		put_name(out, g, end);
}

/* The first of the N entries of LIST (arc indices sorted by their
 * arcs' caller if CALLEE is 0, callee if 1; NULL: the arcs in order)
 * whose arc has FN at that end. */
static int first_of(const struct graph *g, const int *list, int n, int fn,
		    int callee)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		const struct call_arc *a = &g->arcs[list ? list[mid] : mid];

		if ((callee ? a->callee : a->caller) < fn)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Ticks of profiled cost centres beyond what their contexts hold: the
 * functions of units built in flat mode in a program whose other units
 * are in context mode (each of their samples lands on the function's
 * own record, in no context).  The context tree has them at its root
 * (context_tree.c), where the graph shows them called from
 * <spontaneous>: say how much, and whose, so that this is not read as
 * the truth about their callers. */
static const char outside_sql[] =
	"SELECT cc.name, cc.ticks - coalesce(x.ticks, 0) AS out_ticks\n"
	"FROM cost_centres AS cc\n"
	"JOIN modules AS m ON m.run = cc.run AND m.id = cc.module\n"
	"LEFT JOIN\n"
	"  (SELECT cc, sum(ticks) AS ticks FROM contexts WHERE run = ?1\n"
	"   GROUP BY cc) AS x ON x.cc = cc.id\n"
	"WHERE cc.run = ?1 AND cc.id >= 0\n"
	"  AND ' ' || m.options || ' ' NOT GLOB '* mode=context *'\n"
	"  AND cc.ticks > coalesce(x.ticks, 0)\n"
	"ORDER BY out_ticks DESC, cc.name";

static int print_outside_contexts(sqlite3 *db, const char *db_path,
				  int64_t run, int64_t total_ticks, FILE *out)
{
	sqlite3_stmt *stmt;
	int64_t ticks = 0;
	int n = 0, rc;

	if (sqlite3_prepare_v2(db, outside_sql, -1, &stmt, NULL) != SQLITE_OK)
		goto failed;
	sqlite3_bind_int64(stmt, 1, run);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
		ticks += sqlite3_column_int64(stmt, 1);
	if (rc != SQLITE_DONE) {
		sqlite3_finalize(stmt);
		goto failed;
	}
	if (ticks > 0) {
		sqlite3_reset(stmt);
		fprintf(out, "%" PRId64 " ticks (%.1f%%) are in functions "
			"built in flat mode, whose callers are not known: "
			"entries called from <spontaneous> (",
			ticks, total_ticks ? 100.0 * (double)ticks /
					     (double)total_ticks : 0.0);
		while (n < 3 && sqlite3_step(stmt) == SQLITE_ROW) {
			const char *name =
				(const char *)sqlite3_column_text(stmt, 0);

			fputs(n++ ? ", " : "", out);
			text_put_display(out, name, strlen(name));
		}
		fputs(n == 3 ? ", ...)\n\n" : ")\n\n", out);
	}
	sqlite3_finalize(stmt);
	return 0;
failed:
	diag_file_error(db_path, "cannot read the contexts: %s",
			sqlite3_errmsg(db));
	return -1;
}

/* The arc indices of function FN's parents (CALLERS) or children, in
 * print order, into LIST; their count.  Arcs are sorted by caller, and
 * by_callee by callee: each function's are a range, found by bisection. */
static int arcs_of(const struct graph *g, int fn, int callers, int *list)
{
	int n = 0;

	if (callers) {
		for (int k = first_of(g, g->by_callee, g->n_arcs, fn, 1);
		     k < g->n_arcs && g->arcs[g->by_callee[k]].callee == fn;
		     k++)
			list[n++] = g->by_callee[k];
	} else {
		for (int k = first_of(g, NULL, g->n_arcs, fn, 0);
		     k < g->n_arcs && g->arcs[k].caller == fn; k++)
			list[n++] = k;
	}
	qsort(list, (size_t)n, sizeof *list,
	      callers ? parents_order : children_order);
	return n;
}

static void put_entry(FILE *out, struct graph *g, int fn, int *list)
{
	const struct ctx_fn *f = &g->t->fns[fn];
	char index[24];
	int n = arcs_of(g, fn, 1, list);

	g->entry = fn;
	for (int k = 0; k < n; k++)
		put_arc(out, g, &g->arcs[list[k]], g->arcs[list[k]].caller,
			f->calls);
	if (g->rows) {
		add_row(g, "function", fn, f->ticks, f->inclusive - f->ticks,
			f->calls, -1);
	} else {
		snprintf(index, sizeof index, "[%d]", g->index[fn]);
		fprintf(out, "%-6.6s %5.1f %7.2f %11.2f %7" PRId64 " %7s ",
			index, ctx_percent(g->t, f->inclusive),
			ctx_seconds(g->t, f->ticks),
			ctx_seconds(g->t, f->inclusive - f->ticks), f->calls,
			"");
		put_name(out, g, fn);
	}
	n = arcs_of(g, fn, 0, list);
	for (int k = 0; k < n; k++) {
		const struct call_arc *a = &g->arcs[list[k]];

		put_arc(out, g, a, a->callee, g->t->fns[a->callee].calls);
	}
	if (!g->rows)
		fputs("-----------------------------------------------\n", out);
}

static int build(struct graph *g, const struct flat_options *o)
{
	const struct ctx_tree *t = g->t;
	int *seen = calloc((size_t)t->n_fns + 1, sizeof *seen);
	int shown;

	g->arcs = call_arcs_of(t, &g->n_arcs);
	g->by_callee = malloc(((size_t)g->n_arcs + 1) * sizeof *g->by_callee);
	g->order = malloc(((size_t)t->n_fns + 1) * sizeof *g->order);
	g->index = calloc((size_t)t->n_fns + 1, sizeof *g->index);
	if (!seen || !g->arcs || !g->by_callee || !g->order || !g->index) {
		free(seen);
		diag_error("out of memory");
		return -1;
	}
	sort_graph = g;
	for (int k = 0; k < g->n_arcs; k++) {
		g->by_callee[k] = k;
		if (!seen[g->arcs[k].callee]++)
			g->order[g->n_order++] = g->arcs[k].callee;
	}
	free(seen);
	qsort(g->by_callee, (size_t)g->n_arcs, sizeof *g->by_callee,
	      by_callee);
	qsort(g->order, (size_t)g->n_order, sizeof *g->order, by_total);
	shown = 0;
	for (int k = 0; k < g->n_order; k++)
		if (ctx_percent(t, t->fns[g->order[k]].inclusive)
		    >= o->threshold)
			g->order[shown++] = g->order[k];
	g->n_order = shown;
	for (int k = 0; k < g->n_order; k++)
		g->index[g->order[k]] = k + 1;
	return 0;
}

int call_graph_print(sqlite3 *db, const char *db_path, int64_t run,
		     const struct flat_options *o, enum output_format format,
		     FILE *out)
{
	struct report_rows rows;
	struct ctx_tree t;
	struct graph g;
	int *list, rc;

	if (ctx_tree_load(db, db_path, run, CTX_VALUE_TICKS, o->short_names,
			  "--call-graph", &t) != 0)
		return -1;
	memset(&g, 0, sizeof g);
	g.t = &t;
	rc = build(&g, o);
	list = malloc(((size_t)g.n_arcs + 1) * sizeof *list);
	if (rc == 0 && !list) {
		diag_error("out of memory");
		rc = -1;
	}
	if (rc == 0 && format != FORMAT_TABLE) {
		rc = report_rows_begin(&rows, db, db_path, "entry, role, name,"
				       " name_entry, self_ticks,"
				       " descendants_ticks, self_seconds,"
				       " descendants_seconds, calls, all_calls,"
				       " pct");
		g.rows = &rows;
		for (int k = 0; rc == 0 && k < g.n_order; k++)
			put_entry(out, &g, g.order[k], list);
		if (rc == 0)
			rc = report_rows_end(&rows, format, out);
	} else if (rc == 0) {
		fprintf(out, "\t\t     Call graph of run %" PRId64 ": ", run);
		text_put_display(out, t.args, strlen(t.args));
		fprintf(out, "\n\neach sample counts as %g seconds; %.2f "
			"seconds in all (%" PRId64 " ticks)\n\n",
			t.seconds_per_tick, t.cpu, t.total_ticks);
		rc = print_outside_contexts(db, db_path, run, t.total_ticks,
					    out);
	}
	if (rc == 0 && format == FORMAT_TABLE) {
		fputs("index % time    self  children    called     name\n",
		      out);
		for (int k = 0; k < g.n_order; k++)
			put_entry(out, &g, g.order[k], list);
	}
	free(list);
	free(g.arcs);
	free(g.by_callee);
	free(g.order);
	free(g.index);
	ctx_tree_free(&t);
	return rc;
}
