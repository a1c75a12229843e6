/*
 * context_tree.c - one run's calling contexts in memory (see
 * context_tree.h).
 *
 * Three queries: the run, its cost centres (grouped into functions by
 * name, file, symbol and kind, as flat_query.c groups them), its contexts (by
 * id).  The nodes are then put in preorder by a walk from
 * the root with an explicit stack (a deep tree needs no deep C stack),
 * and inclusive ticks are summed from the leaves up in one pass over
 * the preorder backwards.
 */
#define _GNU_SOURCE
#include "context_tree.h"

#include "cc_kind.h"
#include "db_error.h"
#include "diag.h"
#include "metrics.h"
#include "shortname.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int oom(void)
{
	diag_error("out of memory");
	return -1;
}

static char *dup_column(sqlite3_stmt *stmt, int col)
{
	const char *s = (const char *)sqlite3_column_text(stmt, col);

	return strdup(s ? s : "");
}

/* ---- the run ---- */

/* Does the events column COL of STMT list the event of METRIC? */
static int recorded(sqlite3_stmt *stmt, int col, int metric)
{
	const char *events = (const char *)sqlite3_column_text(stmt, col);
	const char *bad;
	size_t bad_len;
	long mask = events ? events_parse(events, &bad, &bad_len) : 0;

	return mask > 0 && (mask & (1L << metric_event[metric]));
}

static int load_run(sqlite3 *db, const char *db_path, int64_t run,
		    int value, const char *option, struct ctx_tree *t)
{
	sqlite3_stmt *stmt;
	const char *args, *kind;
	int rc = -1;

	if (sqlite3_prepare_v2(db, "SELECT program, args, cpu, ticks, kind,"
			       " (SELECT count(*) FROM contexts"
			       "  WHERE run = runs.id), events"
			       " FROM runs WHERE id = ?", -1, &stmt, NULL)
	    != SQLITE_OK)
		return db_error(db, db_path, "read the run");
	sqlite3_bind_int64(stmt, 1, run);
	if (sqlite3_step(stmt) != SQLITE_ROW) {
		sqlite3_finalize(stmt);
		diag_file_error(db_path, "no run %" PRId64 " in the database",
				run);
		return -1;
	}
	kind = (const char *)sqlite3_column_text(stmt, 4);
	if (kind && strcmp(kind, "time") == 0) {
		diag_file_error(db_path, "%s: run %" PRId64 " was timed by "
				"--time: it has no profile, no calling "
				"contexts", option, run);
	} else if (sqlite3_column_int64(stmt, 5) == 0) {
		diag_file_error(db_path, "%s: run %" PRId64 " has no calling "
				"contexts: it was not profiled in context mode "
				"(build with -fplugin-arg-ccprof-mode=context "
				"(GCC) or -mllvm -ccprof-mode=context (clang), "
				"run, and import its profile)", option, run);
	} else if (value >= 0 && !recorded(stmt, 6, value)) {
		diag_file_error(db_path, "--metric %s: run %" PRId64 " did not "
				"record it (run the program with "
				"CCPROF_EVENTS=%s)", metric_names[value], run,
				event_names[metric_event[value]]);
	} else {
		args = (const char *)sqlite3_column_text(stmt, 1);
		if (!args || !*args)
			args = (const char *)sqlite3_column_text(stmt, 0);
		t->args = strdup(args ? args : "");
		t->cpu = sqlite3_column_double(stmt, 2);
		t->total_ticks = sqlite3_column_int64(stmt, 3);
		t->seconds_per_tick = t->total_ticks > 0
				      ? t->cpu / (double)t->total_ticks : 0;
		rc = t->args ? 0 : oom();
	}
	sqlite3_finalize(stmt);
	return rc;
}

/* ---- functions ---- */

struct cc_fn {
	int64_t cc;
	int fn;
};

static int by_cc(const void *a, const void *b)
{
	const struct cc_fn *x = a, *y = b;

	return x->cc < y->cc ? -1 : x->cc > y->cc;
}

static int fn_of_cc(const struct cc_fn *map, size_t n, int64_t cc)
{
	struct cc_fn key = { cc, 0 };
	const struct cc_fn *hit = bsearch(&key, map, n, sizeof *map, by_cc);

	return hit ? hit->fn : -1;
}

/* The name each function has so far (its --short-names form, or its
 * name), marked by its kind ("name {scc}"), then "(file)" where another
 * function has the same name, as the flat profile shows it. */
static int name_functions(struct ctx_tree *t)
{
	for (int i = 0; i < t->n_fns; i++) {
		struct ctx_fn *f = &t->fns[i];
		int shared = (i > 0 && strcmp(t->fns[i - 1].plain, f->plain)
				       == 0)
			     || (i + 1 < t->n_fns
				 && strcmp(t->fns[i + 1].plain, f->plain) == 0);
		char *base = f->name;
		const char *marker = cc_kind_marker(f->kind);

		if (asprintf(&f->name, "%s%s%s%s%s", base, marker,
			     shared && *f->file ? " (" : "",
			     shared && *f->file ? f->file : "",
			     shared && *f->file ? ")" : "") < 0)
			f->name = NULL;
		free(base);
		if (!f->name)
			return oom();
	}
	return 0;
}

static int load_functions(sqlite3 *db, const char *db_path,
			  struct ctx_tree *t, int short_names,
			  struct cc_fn **map, size_t *n_map)
{
	sqlite3_stmt *stmt;
	size_t cap = 0;
	int rc;

	*map = NULL;
	*n_map = 0;
	if (sqlite3_prepare_v2(db, "SELECT id, name, file, symbol, kind, line,"
			       " CASE WHEN ?2 THEN " SHORT_NAMES_SQL("name")
			       " ELSE name END"
			       " FROM cost_centres WHERE run = ?1"
			       " ORDER BY name, file, symbol, kind, id", -1,
			       &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the cost centres");
	sqlite3_bind_int64(stmt, 1, t->run);
	sqlite3_bind_int(stmt, 2, short_names);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct ctx_fn *prev = t->n_fns ? &t->fns[t->n_fns - 1] : NULL;
		const char *name = (const char *)sqlite3_column_text(stmt, 1);
		const char *file = (const char *)sqlite3_column_text(stmt, 2);
		const char *sym = (const char *)sqlite3_column_text(stmt, 3);
		int kind = cc_kind_rank(
			(const char *)sqlite3_column_text(stmt, 4));
		int same = prev && name && file && sym
			   && strcmp(prev->plain, name) == 0
			   && strcmp(prev->file, file) == 0
			   && strcmp(prev->symbol, sym) == 0
			   && prev->kind == kind;

		if (*n_map == cap) {
			size_t c = cap ? 2 * cap : 256;
			struct cc_fn *m = realloc(*map, c * sizeof *m);
			struct ctx_fn *f = realloc(t->fns, c * sizeof *f);

			if (m)
				*map = m;
			if (f)
				t->fns = f;
			if (!m || !f)
				goto out_of_memory;
			cap = c;
		}
		if (!same) {
			struct ctx_fn *f = &t->fns[t->n_fns++];

			memset(f, 0, sizeof *f);
			f->plain = dup_column(stmt, 1);
			f->file = dup_column(stmt, 2);
			f->symbol = dup_column(stmt, 3);
			f->line = sqlite3_column_int64(stmt, 5);
			f->name = dup_column(stmt, 6);
			f->kind = kind;
			if (!f->plain || !f->file || !f->symbol || !f->name)
				goto out_of_memory;
		}
		(*map)[*n_map].cc = sqlite3_column_int64(stmt, 0);
		(*map)[*n_map].fn = t->n_fns - 1;
		++*n_map;
	}
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "read the cost centres");
	qsort(*map, *n_map, sizeof **map, by_cc);
	return name_functions(t);
out_of_memory:
	sqlite3_finalize(stmt);
	return oom();
}

/* ---- nodes ---- */

static int by_id(const void *a, const void *b)
{
	const struct ctx_node *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int node_of_id(const struct ctx_node *nodes, int n, int64_t id)
{
	struct ctx_node key;
	const struct ctx_node *hit;

	key.id = id;
	hit = bsearch(&key, nodes, (size_t)n, sizeof *nodes, by_id);
	return hit ? (int)(hit - nodes) : -1;
}

/* The value of each node: its calls or ticks, or a metric column. */
static int load_values(sqlite3 *db, const char *db_path, struct ctx_tree *t,
		       struct ctx_node *nodes, int n, int value)
{
	sqlite3_stmt *stmt;
	char sql[256];
	int rc;

	for (int i = 0; i < n; i++)
		nodes[i].value = value == CTX_VALUE_CALLS ? nodes[i].calls
				 : value == CTX_VALUE_TICKS ? nodes[i].ticks
							    : 0;
	if (value < 0)
		return 0;
	/* The name comes from ccprof_metrics.def, not from the database. */
	snprintf(sql, sizeof sql, "SELECT id, coalesce(%s, 0) FROM contexts"
		 " WHERE run = ?", metric_names[value]);
	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the context metrics");
	sqlite3_bind_int64(stmt, 1, t->run);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		int k = node_of_id(nodes, n, sqlite3_column_int64(stmt, 0));

		if (k >= 0)
			nodes[k].value = sqlite3_column_int64(stmt, 1);
	}
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "read the context metrics");
	return 0;
}

/* The run's contexts, by id; then, for a program that links units built
 * in flat mode, a context at the root for each of their functions with
 * calls or ticks outside every context (all of theirs: a flat-mode
 * function charges its own record), numbered after the last, so that
 * folded stacks, pprof, callgrind, the flame graph and the call graph
 * hold all of the run's time, the flat-mode functions' as called from
 * unknown callers. */
static const char nodes_sql[] =
	"WITH x AS (SELECT cc, sum(calls) AS calls, sum(ticks) AS ticks\n"
	"           FROM contexts WHERE run = ?1 GROUP BY cc)\n"
	"SELECT id, parent, cc, calls, ticks FROM contexts WHERE run = ?1\n"
	"UNION ALL\n"
	"SELECT (SELECT coalesce(max(id), 0) FROM contexts WHERE run = ?1)\n"
	"         + row_number() OVER (ORDER BY c.id),\n"
	"       0, c.id, c.calls - coalesce(x.calls, 0),\n"
	"       c.ticks - coalesce(x.ticks, 0)\n"
	"FROM cost_centres AS c\n"
	"JOIN modules AS m ON m.run = c.run AND m.id = c.module\n"
	"LEFT JOIN x ON x.cc = c.id\n"
	"WHERE c.run = ?1 AND c.id >= 0\n"
	"  AND ' ' || m.options || ' ' NOT GLOB '* mode=context *'\n"
	"  AND (c.ticks > coalesce(x.ticks, 0) OR c.calls > coalesce(x.calls, 0))\n"
	"ORDER BY 1";

static int read_nodes(sqlite3 *db, const char *db_path, struct ctx_tree *t,
		      const struct cc_fn *map, size_t n_map,
		      struct ctx_node **out, int *n_out, int64_t **parents_out)
{
	sqlite3_stmt *stmt;
	struct ctx_node *nodes = NULL;
	int64_t *parents = NULL;
	size_t n = 0, cap = 0;
	int rc;

	if (sqlite3_prepare_v2(db, nodes_sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the contexts");
	sqlite3_bind_int64(stmt, 1, t->run);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct ctx_node *x;

		if (n == cap) {
			size_t c = cap ? 2 * cap : 1024;
			struct ctx_node *m = realloc(nodes, c * sizeof *m);
			int64_t *p = realloc(parents, c * sizeof *p);

			if (m)
				nodes = m;
			if (p)
				parents = p;
			if (!m || !p || c > INT32_MAX / 2) {
				sqlite3_finalize(stmt);
				free(nodes);
				free(parents);
				return oom();
			}
			cap = c;
		}
		x = &nodes[n];
		memset(x, 0, sizeof *x);
		x->id = sqlite3_column_int64(stmt, 0);
		parents[n] = sqlite3_column_int64(stmt, 1);
		x->fn = fn_of_cc(map, n_map, sqlite3_column_int64(stmt, 2));
		x->calls = sqlite3_column_int64(stmt, 3);
		x->ticks = sqlite3_column_int64(stmt, 4);
		if (x->fn >= 0)		/* the import checked it has one */
			n++;
	}
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE) {
		free(nodes);
		free(parents);
		return db_error(db, db_path, "read the contexts");
	}
	*out = nodes;
	*n_out = (int)n;
	*parents_out = parents;
	return 0;
}

/* NODES (by id) linked to their parents, then copied into T->nodes in
 * preorder, siblings by function name, then id, whatever order the
 * runtime made them in (add_up links them again in that numbering).  A
 * node whose parent is missing is left out (the import never stores
 * one). */
static const struct ctx_tree *sort_tree;
static const struct ctx_node *sort_nodes;

/* Last name first: the stack pops the first name first. */
static int by_name_reversed(const void *a, const void *b)
{
	const struct ctx_node *x = &sort_nodes[*(const int *)a];
	const struct ctx_node *y = &sort_nodes[*(const int *)b];
	int c = strcmp(sort_tree->fns[x->fn].name, sort_tree->fns[y->fn].name);

	if (c == 0)
		c = x->id < y->id ? -1 : x->id > y->id;
	return -c;
}

static void push_children(int *stack, int *top, const struct ctx_node *nodes,
			  int first)
{
	int from = *top;

	for (int c = first; c >= 0; c = nodes[c].next_sibling)
		stack[(*top)++] = c;
	qsort(stack + from, (size_t)(*top - from), sizeof *stack,
	      by_name_reversed);
}

static int order_nodes(struct ctx_tree *t, struct ctx_node *nodes, int n,
		       const int64_t *parents)
{
	int *stack = malloc(((size_t)n + 1) * sizeof *stack);
	int *remap = malloc(((size_t)n + 1) * sizeof *remap);
	int top = 0, roots = -1, k = 0;

	t->nodes = malloc(((size_t)n + 1) * sizeof *t->nodes);
	if (!stack || !remap || !t->nodes) {
		free(stack);
		free(remap);
		return oom();
	}
	for (int i = 0; i < n; i++) {
		nodes[i].first_child = -1;
		nodes[i].parent = parents[i] == 0 ? -1
				  : node_of_id(nodes, n, parents[i]);
		if (parents[i] != 0 && nodes[i].parent < 0)
			nodes[i].parent = -2;
	}
	for (int i = n - 1; i >= 0; i--) {	/* siblings end up by id */
		int p = nodes[i].parent;
		int *head = p == -1 ? &roots : p >= 0 ? &nodes[p].first_child
						      : NULL;

		if (head) {
			nodes[i].next_sibling = *head;
			*head = i;
		}
	}
	sort_tree = t;
	sort_nodes = nodes;
	push_children(stack, &top, nodes, roots);
	while (top > 0) {
		int i = stack[--top];
		struct ctx_node *x = &t->nodes[k];

		*x = nodes[i];
		remap[i] = k++;
		x->parent = nodes[i].parent < 0 ? -1 : remap[nodes[i].parent];
		x->depth = x->parent < 0 ? 1 : t->nodes[x->parent].depth + 1;
		push_children(stack, &top, nodes, nodes[i].first_child);
	}
	t->n_nodes = k;
	free(stack);
	free(remap);
	return 0;
}

static void add_up(struct ctx_tree *t)
{
	for (int i = 0; i < t->n_nodes; i++)
		t->nodes[i].first_child = -1;
	t->first_root = -1;
	for (int i = t->n_nodes - 1; i >= 0; i--) {
		struct ctx_node *x = &t->nodes[i];
		int *head = x->parent < 0 ? &t->first_root
					  : &t->nodes[x->parent].first_child;

		x->next_sibling = *head;
		*head = i;
	}
	for (int i = 0; i < t->n_nodes; i++)
		t->nodes[i].inclusive = t->nodes[i].ticks;
	for (int i = t->n_nodes - 1; i >= 0; i--) {
		struct ctx_node *x = &t->nodes[i];
		struct ctx_fn *f = &t->fns[x->fn];

		if (x->parent >= 0)
			t->nodes[x->parent].inclusive += x->inclusive;
		f->calls += x->calls;
		f->ticks += x->ticks;
		f->inclusive += x->inclusive;
		f->value += x->value;
		if (f->min_depth == 0 || x->depth < f->min_depth)
			f->min_depth = x->depth;
	}
}

int ctx_tree_load(sqlite3 *db, const char *db_path, int64_t run,
		  int value, int short_names, const char *option,
		  struct ctx_tree *t)
{
	struct cc_fn *map = NULL;
	struct ctx_node *nodes = NULL;
	int64_t *parents = NULL;
	size_t n_map = 0;
	int n = 0, rc;

	memset(t, 0, sizeof *t);
	t->run = run;
	t->first_root = -1;
	rc = load_run(db, db_path, run, value, option, t);
	if (rc == 0)
		rc = load_functions(db, db_path, t, short_names, &map, &n_map);
	if (rc == 0)
		rc = read_nodes(db, db_path, t, map, n_map, &nodes, &n,
				&parents);
	if (rc == 0)
		rc = load_values(db, db_path, t, nodes, n, value);
	if (rc == 0)
		rc = order_nodes(t, nodes, n, parents);
	if (rc == 0)
		add_up(t);
	free(map);
	free(nodes);
	free(parents);
	if (rc != 0)
		ctx_tree_free(t);
	return rc;
}

void ctx_tree_free(struct ctx_tree *t)
{
	for (int i = 0; i < t->n_fns; i++) {
		free(t->fns[i].name);
		free(t->fns[i].plain);
		free(t->fns[i].file);
		free(t->fns[i].symbol);
	}
	free(t->fns);
	free(t->nodes);
	free(t->args);
	memset(t, 0, sizeof *t);
}

unsigned char *ctx_tree_match(const struct ctx_tree *t, const char *name,
			      int *n)
{
	unsigned char *mask = calloc((size_t)t->n_fns + 1, 1);
	int kind = -1;	/* the kind a plain name or symbol selects */

	*n = 0;
	if (!mask)
		return NULL;
	for (int i = 0; i < t->n_fns; i++) {
		const struct ctx_fn *f = &t->fns[i];

		if ((strcmp(f->plain, name) == 0
		     || strcmp(f->symbol, name) == 0)
		    && (kind < 0 || f->kind < kind))
			kind = f->kind;
	}
	for (int i = 0; i < t->n_fns; i++) {
		const struct ctx_fn *f = &t->fns[i];

		if (strcmp(f->name, name) == 0
		    || (f->kind == kind && (strcmp(f->plain, name) == 0
					    || strcmp(f->symbol, name) == 0))) {
			mask[i] = 1;
			++*n;
		}
	}
	return mask;
}

long ctx_tree_events(sqlite3 *db, const struct ctx_tree *t)
{
	sqlite3_stmt *stmt;
	long mask = 0;

	if (sqlite3_prepare_v2(db, "SELECT events FROM runs WHERE id = ?", -1,
			       &stmt, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(stmt, 1, t->run);
	if (sqlite3_step(stmt) == SQLITE_ROW) {
		const char *bad;
		size_t bad_len;
		const char *events = (const char *)sqlite3_column_text(stmt, 0);

		mask = events ? events_parse(events, &bad, &bad_len) : 0;
	}
	sqlite3_finalize(stmt);
	return mask > 0 ? mask : 0;
}

struct id_index {
	int64_t id;
	int index;
};

static int by_id_index(const void *a, const void *b)
{
	const struct id_index *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int64_t *ctx_tree_metric(sqlite3 *db, const char *db_path,
			 const struct ctx_tree *t, int metric)
{
	size_t n = (size_t)t->n_nodes;
	int64_t *values = calloc(n + 1, sizeof *values);
	struct id_index *map = malloc((n + 1) * sizeof *map);
	sqlite3_stmt *stmt = NULL;
	char sql[256];
	int rc;

	if (!values || !map) {
		free(values);
		free(map);
		oom();
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		map[i].id = t->nodes[i].id;
		map[i].index = (int)i;
	}
	qsort(map, n, sizeof *map, by_id_index);
	/* The name comes from ccprof_metrics.def, not from the database. */
	snprintf(sql, sizeof sql, "SELECT id, coalesce(%s, 0) FROM contexts"
		 " WHERE run = ?", metric_names[metric]);
	rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(stmt, 1, t->run);
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
			struct id_index key = { sqlite3_column_int64(stmt, 0),
						0 };
			struct id_index *hit = bsearch(&key, map, n, sizeof *map,
						       by_id_index);

			if (hit)
				values[hit->index] =
					sqlite3_column_int64(stmt, 1);
		}
	}
	sqlite3_finalize(stmt);
	free(map);
	if (rc != SQLITE_DONE) {
		free(values);
		db_error(db, db_path, "read the context metrics");
		return NULL;
	}
	return values;
}

double ctx_seconds(const struct ctx_tree *t, int64_t ticks)
{
	return (double)ticks * t->seconds_per_tick;
}

double ctx_percent(const struct ctx_tree *t, int64_t ticks)
{
	return t->total_ticks > 0 ? 100.0 * (double)ticks
					    / (double)t->total_ticks : 0.0;
}
