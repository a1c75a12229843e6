/*
 * folded.c - --format folded (see context_formats.h): Brendan Gregg's
 * folded stacks, the input of flamegraph.pl, speedscope and inferno.
 *
 *     main;a;c 30
 *     main;b;c 10
 *
 * One line per calling context: the functions from the outermost caller
 * down to it, joined by ';', a space, and the context's own value (self
 * ticks by default; --metric calls: the calls into it; --metric NAME: a
 * metric of CCPROF_EVENTS).  A flame graph adds a frame's descendants'
 * values to its own, so self values are what it needs.  Lines in
 * preorder of the context tree, callees by name (so the same program
 * gives the same lines); contexts of value 0 are left out.
 * Names are shown as in the flat profile (control bytes escaped, so a
 * line is one line), a ';' in one as ':'.
 */
#include "context_formats.h"

#include "context_tree.h"
#include "diag.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* NAME as one frame: a ';' in it (a CCPROF_SCC label "parse;lex") is
 * written ':', as stackcollapse-perf.pl does, so it does not split the
 * frame in two. */
static void put_frame(FILE *out, const char *name)
{
	for (;;) {
		size_t n = strcspn(name, ";");

		text_put_display(out, name, n);
		if (!name[n])
			return;
		fputc(':', out);
		name += n + 1;
	}
}

int folded_print(sqlite3 *db, const char *db_path, int64_t run, int value,
		 const struct flat_options *o, FILE *out)
{
	struct ctx_tree t;
	int *path;

	if (ctx_tree_load(db, db_path, run, value, o->short_names,
			  "--format folded", &t) != 0)
		return -1;
	path = malloc(((size_t)t.n_nodes + 1) * sizeof *path);
	if (!path) {
		ctx_tree_free(&t);
		diag_error("out of memory");
		return -1;
	}
	for (int i = 0; i < t.n_nodes; i++) {
		const struct ctx_node *x = &t.nodes[i];

		path[x->depth - 1] = x->fn;
		if (x->value == 0)
			continue;
		for (int d = 0; d < x->depth; d++) {
			if (d)
				fputc(';', out);
			put_frame(out, t.fns[path[d]].name);
		}
		fprintf(out, " %" PRId64 "\n", x->value);
	}
	free(path);
	ctx_tree_free(&t);
	return 0;
}
