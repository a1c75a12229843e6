/*
 * call_paths.c - --callees F and --callers F (see call_paths.h).
 *
 * Hall & Goldberg (1993) profile call paths: a function's cost split by
 * the paths it is reached by, and its callees' cost by the paths below
 * it.  From the run's contexts (context_tree.h):
 *
 *   --callees F: every context of F, merged into one tree by the
 *   sequence of functions below it: a node's calls, self and inclusive
 *   time are the sums over the contexts on that path below any F.
 *
 *     callees of a in run 1: ./froyd  (cpu 1.00 s, 100 ticks)
 *      %time  inclusive      self       calls  path
 *       50.0      0.500     0.100           1  a
 *       40.0      0.400     0.400          10    c
 *
 *   --callers F: F's calls, self and inclusive time, split by the paths
 *   that reach it, from F up to the outermost caller: a node's numbers
 *   are F's, summed over F's contexts whose path has that suffix.  F
 *   entered with no profiled caller has a <spontaneous> child.
 *
 * %time is inclusive time as a share of all the run's ticks; a node of
 * less than --threshold percent is left out with everything below it.
 * Children are shown biggest first, each indented two spaces more than
 * its parent.  Only the outermost contexts of F are roots (a function of
 * F's name below another, static functions of one name in two files, is
 * a path like any other), so no time is counted twice.
 */
#include "call_paths.h"

#include "context_tree.h"
#include "diag.h"
#include "report_rows.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define SPONTANEOUS (-1)	/* fn of the <spontaneous> node */
#define ROOT (-2)		/* fn of node 0, F itself */

struct path_node {
	int fn;			/* a function of the tree, or SPONTANEOUS */
	int first_child, next_sibling;
	int64_t calls, self, inclusive;
};

struct path_tree {
	const struct ctx_tree *t;
	struct path_node *nodes;	/* [0] is F */
	int n, cap;
};

static int oom(void)
{
	diag_error("out of memory");
	return -1;
}

/* PARENT's child for FN, made if there is none; -1 if out of memory. */
static int child_for(struct path_tree *p, int parent, int fn)
{
	struct path_node *x;

	if (parent >= 0)
		for (int c = p->nodes[parent].first_child; c >= 0;
		     c = p->nodes[c].next_sibling)
			if (p->nodes[c].fn == fn)
				return c;
	if (p->n == p->cap) {
		int cap = p->cap ? 2 * p->cap : 256;
		struct path_node *m = realloc(p->nodes,
					      (size_t)cap * sizeof *m);

		if (!m)
			return -1;
		p->nodes = m;
		p->cap = cap;
	}
	x = &p->nodes[p->n];
	memset(x, 0, sizeof *x);
	x->fn = fn;
	x->first_child = -1;
	x->next_sibling = -1;
	if (parent >= 0) {
		x->next_sibling = p->nodes[parent].first_child;
		p->nodes[parent].first_child = p->n;
	}
	return p->n++;
}

static void add(struct path_node *x, const struct ctx_node *c)
{
	x->calls += c->calls;
	x->self += c->ticks;
	x->inclusive += c->inclusive;
}

/* The contexts of F that no other context of F is above (MATCH: F's
 * functions), as a mask of T's nodes. */
static unsigned char *outermost(const struct ctx_tree *t,
				const unsigned char *match)
{
	unsigned char *top = calloc((size_t)t->n_nodes + 1, 1);
	unsigned char *below = calloc((size_t)t->n_nodes + 1, 1);

	if (!top || !below) {
		free(top);
		free(below);
		return NULL;
	}
	for (int i = 0; i < t->n_nodes; i++) {	/* preorder: parents first */
		const struct ctx_node *x = &t->nodes[i];
		int under = x->parent >= 0 && below[x->parent];

		top[i] = match[x->fn] && !under;
		below[i] = under || match[x->fn];
	}
	free(below);
	return top;
}

/* Downward: each outermost context of F and its subtree (the nodes
 * after it in preorder, while deeper than it), merged by path. */
static int build_callees(struct path_tree *p, const unsigned char *top)
{
	const struct ctx_tree *t = p->t;
	int *at = malloc(((size_t)t->n_nodes + 1) * sizeof *at);

	if (!at)
		return oom();
	for (int i = 0; i < t->n_nodes; i++) {
		int depth = t->nodes[i].depth, j;

		if (!top[i])
			continue;
		at[i] = 0;
		add(&p->nodes[0], &t->nodes[i]);
		for (j = i + 1; j < t->n_nodes && t->nodes[j].depth > depth;
		     j++) {
			int k = child_for(p, at[t->nodes[j].parent],
					  t->nodes[j].fn);

			if (k < 0) {
				free(at);
				return oom();
			}
			at[j] = k;
			add(&p->nodes[k], &t->nodes[j]);
		}
		i = j - 1;
	}
	free(at);
	return 0;
}

/* Upward: each outermost context of F adds its numbers to the path of
 * its callers, F's parent first. */
static int build_callers(struct path_tree *p, const unsigned char *top)
{
	const struct ctx_tree *t = p->t;

	for (int i = 0; i < t->n_nodes; i++) {
		const struct ctx_node *x = &t->nodes[i];
		int at = 0;

		if (!top[i])
			continue;
		add(&p->nodes[0], x);
		if (x->parent < 0) {
			at = child_for(p, 0, SPONTANEOUS);
			if (at < 0)
				return oom();
			add(&p->nodes[at], x);
		}
		for (int up = x->parent; up >= 0; up = t->nodes[up].parent) {
			at = child_for(p, at, t->nodes[up].fn);
			if (at < 0)
				return oom();
			add(&p->nodes[at], x);
		}
	}
	return 0;
}

static const struct path_tree *sort_tree;

static int biggest_first(const void *a, const void *b)
{
	const struct path_node *x = &sort_tree->nodes[*(const int *)a];
	const struct path_node *y = &sort_tree->nodes[*(const int *)b];

	if (x->inclusive != y->inclusive)
		return x->inclusive > y->inclusive ? -1 : 1;
	if (x->calls != y->calls)
		return x->calls > y->calls ? -1 : 1;
	if (x->fn < 0 || y->fn < 0)
		return x->fn < 0 ? 1 : -1;
	return strcmp(sort_tree->t->fns[x->fn].name,
		      sort_tree->t->fns[y->fn].name);
}

/* Node X, named NAME, as a data row: its path is the names of NAMES
 * up to DEPTH. */
static void add_row(struct report_rows *rows, const struct path_tree *p,
		    const struct path_node *x, const char **names, int depth)
{
	sqlite3_stmt *in = rows->insert;
	size_t len = 0;
	char *path;

	for (int d = 0; d <= depth; d++)
		len += strlen(names[d]) + 1;
	path = malloc(len + 1);
	if (!path) {
		rows->failed = oom();
		return;
	}
	path[0] = '\0';
	for (int d = 0; d <= depth; d++) {
		if (d)
			strcat(path, ";");
		strcat(path, names[d]);
	}
	sqlite3_bind_int(in, 1, depth);
	sqlite3_bind_text(in, 2, path, -1, free);
	sqlite3_bind_text(in, 3, names[depth], -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(in, 4, x->calls);
	sqlite3_bind_int64(in, 5, x->self);
	sqlite3_bind_int64(in, 6, x->inclusive);
	sqlite3_bind_double(in, 7, ctx_seconds(p->t, x->self));
	sqlite3_bind_double(in, 8, ctx_seconds(p->t, x->inclusive));
	sqlite3_bind_double(in, 9, ctx_percent(p->t, x->inclusive));
	report_rows_add(rows);
}

/* Print node K at DEPTH, then its children (an explicit stack: a deep
 * path needs no deep C stack), or with ROWS add them as data rows.  The
 * number left out by the threshold goes to *HIDDEN. */
static int put_tree(FILE *out, const struct path_tree *p, const char *root,
		    const struct flat_options *o, struct report_rows *rows,
		    int64_t *hidden)
{
	int *stack = malloc(((size_t)p->n + 1) * 2 * sizeof *stack);
	int *kids = malloc(((size_t)p->n + 1) * sizeof *kids);
	const char **names = malloc(((size_t)p->n + 1) * sizeof *names);
	int top = 0;

	if (!stack || !kids || !names) {
		free(stack);
		free(kids);
		free(names);
		return oom();
	}
	sort_tree = p;
	stack[top++] = 0;
	stack[top++] = 0;
	while (top > 0) {
		int depth = stack[--top], k = stack[--top], n = 0;
		const struct path_node *x = &p->nodes[k];
		const char *name = k == 0 ? root
				   : x->fn < 0 ? "<spontaneous>"
					       : p->t->fns[x->fn].name;

		if (ctx_percent(p->t, x->inclusive) < o->threshold) {
			++*hidden;
			continue;
		}
		names[depth] = name;
		if (rows) {
			add_row(rows, p, x, names, depth);
		} else {
			fprintf(out, "%6.1f %10.3f %9.3f %11" PRId64 "  %*s",
				ctx_percent(p->t, x->inclusive),
				ctx_seconds(p->t, x->inclusive),
				ctx_seconds(p->t, x->self), x->calls, 2 * depth,
				"");
			text_put_display(out, name, strlen(name));
			fputc('\n', out);
		}
		for (int c = x->first_child; c >= 0;
		     c = p->nodes[c].next_sibling)
			kids[n++] = c;
		qsort(kids, (size_t)n, sizeof *kids, biggest_first);
		for (int c = n - 1; c >= 0; c--) {
			stack[top++] = kids[c];
			stack[top++] = depth + 1;
		}
	}
	free(stack);
	free(kids);
	free(names);
	return 0;
}

/* A function of T whose name is NAME with its parameters, or with a
 * scope before it ("addone" for "addone(int)", "Widget::draw() const"
 * for "draw"): the first, for the error of a name not found; or NULL. */
static const char *similar_function(const struct ctx_tree *t,
				    const char *name)
{
	size_t len = strlen(name);

	for (int i = 0; len && i < t->n_fns; i++) {
		const char *plain = t->fns[i].plain, *at = plain;

		while ((at = strstr(at, name)) != NULL) {
			int starts = at == plain ||
				     (at - plain >= 2 && at[-1] == ':' &&
				      at[-2] == ':');

			if (starts && at[len] == '(')
				return t->fns[i].name;
			at++;
		}
	}
	return NULL;
}

int call_paths_print(sqlite3 *db, const char *db_path, int64_t run,
		     const char *function, int upward,
		     const struct flat_options *o, enum output_format format,
		     FILE *out)
{
	struct report_rows rows;
	const char *option = upward ? "--callers" : "--callees";
	struct ctx_tree t;
	struct path_tree p;
	unsigned char *match = NULL, *top = NULL;
	char quoted[128];
	int64_t hidden = 0;
	int n_match, rc = -1;

	if (ctx_tree_load(db, db_path, run, CTX_VALUE_TICKS, o->short_names,
			  option, &t) != 0)
		return -1;
	memset(&p, 0, sizeof p);
	p.t = &t;
	match = ctx_tree_match(&t, function, &n_match);
	if (match && n_match == 0) {
		const char *like = similar_function(&t, function);
		char alike[128];

		diag_file_error(db_path, "%s: no function '%s' in run %"
				PRId64 "%s%s%s", option,
				text_quote(quoted, sizeof quoted, function,
					   strlen(function)), run,
				like ? "; did you mean '" : "",
				like ? text_quote(alike, sizeof alike, like,
						  strlen(like)) : "",
				like ? "'?" : "");
		goto out;
	}
	top = match ? outermost(&t, match) : NULL;
	if (!top || child_for(&p, -1, ROOT) != 0) {
		oom();
		goto out;
	}
	p.nodes[0].fn = ROOT;
	rc = upward ? build_callers(&p, top) : build_callees(&p, top);
	if (rc != 0)
		goto out;
	if (p.nodes[0].calls == 0 && p.nodes[0].inclusive == 0
	    && p.nodes[0].first_child < 0) {
		diag_file_error(db_path, "%s: '%s' is in no calling context of "
				"run %" PRId64 " (never called)", option,
				text_quote(quoted, sizeof quoted, function,
					   strlen(function)), run);
		rc = -1;
		goto out;
	}
	if (format != FORMAT_TABLE) {
		rc = report_rows_begin(&rows, db, db_path, "depth, path, name,"
				       " calls, self_ticks, inclusive_ticks,"
				       " self_seconds, inclusive_seconds, pct");
		if (rc == 0) {
			rc = put_tree(out, &p, function, o, &rows, &hidden);
			rc = report_rows_end(&rows, format, out) || rc ? -1 : 0;
		}
		goto out;
	}
	fprintf(out, "%s of ", upward ? "callers" : "callees");
	text_put_display(out, function, strlen(function));
	fprintf(out, " in run %" PRId64 ": ", run);
	text_put_display(out, t.args, strlen(t.args));
	fprintf(out, "  (cpu %.2f s, %" PRId64 " ticks)\n", t.cpu,
		t.total_ticks);
	fprintf(out, "%6s %10s %9s %11s  %s\n", "%time", "inclusive", "self",
		"calls", upward ? "path (callers below)"
				: "path (callees below)");
	rc = put_tree(out, &p, function, o, NULL, &hidden);
	if (rc == 0 && hidden > 0)
		fprintf(out, "(%" PRId64 " path%s below --threshold %g%% not "
			"shown)\n", hidden, hidden == 1 ? "" : "s",
			o->threshold);
out:
	free(match);
	free(top);
	free(p.nodes);
	ctx_tree_free(&t);
	return rc;
}
