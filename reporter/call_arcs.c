/*
 * call_arcs.c - the call graph's arcs from the contexts (call_arcs.h).
 *
 * One arc per context, sorted by (caller, callee), then runs of equal
 * keys added together: O(n log n) in the number of contexts.
 */
#include "call_arcs.h"

#include <stdlib.h>

static int by_caller_callee(const void *a, const void *b)
{
	const struct call_arc *x = a, *y = b;

	if (x->caller != y->caller)
		return x->caller < y->caller ? -1 : 1;
	return x->callee < y->callee ? -1 : x->callee > y->callee;
}

struct call_arc *call_arcs_of(const struct ctx_tree *t, int *n)
{
	struct call_arc *arcs = malloc(((size_t)t->n_nodes + 1)
				       * sizeof *arcs);
	int k = 0;

	*n = 0;
	if (!arcs)
		return NULL;
	for (int i = 0; i < t->n_nodes; i++) {
		const struct ctx_node *x = &t->nodes[i];

		arcs[i].caller = x->parent < 0 ? -1 : t->nodes[x->parent].fn;
		arcs[i].callee = x->fn;
		arcs[i].calls = x->calls;
		arcs[i].self = x->ticks;
		arcs[i].descendants = x->inclusive - x->ticks;
	}
	qsort(arcs, (size_t)t->n_nodes, sizeof *arcs, by_caller_callee);
	for (int i = 0; i < t->n_nodes; i++) {
		if (k > 0 && arcs[k - 1].caller == arcs[i].caller
		    && arcs[k - 1].callee == arcs[i].callee) {
			arcs[k - 1].calls += arcs[i].calls;
			arcs[k - 1].self += arcs[i].self;
			arcs[k - 1].descendants += arcs[i].descendants;
		} else {
			arcs[k++] = arcs[i];
		}
	}
	*n = k;
	return arcs;
}
