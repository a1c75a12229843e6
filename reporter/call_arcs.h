/*
 * call_arcs.h - the arcs of the call graph, from a run's calling
 * contexts (context_tree.h): one per (caller function, callee function),
 * with the calls made along it and the callee's self and descendants'
 * ticks actually spent under it - summed over the contexts of the callee
 * whose parent context is the caller's.  No proportional guess (gprof
 * divides a callee's time among its callers by their share of its
 * calls); and because recursion is folded, no context of an arc lies
 * below another of the same arc, so nothing is counted twice.  The
 * call_arcs view (context_views.c) is the same sum in SQL.
 */
#ifndef CCPROF_REPORT_CALL_ARCS_H
#define CCPROF_REPORT_CALL_ARCS_H

#include "context_tree.h"

struct call_arc {
	int caller;		/* function index, -1: the root (no caller) */
	int callee;
	int64_t calls, self, descendants;	/* ticks */
};

/* The arcs of T, sorted by caller then callee; their count in *N.  NULL
 * (N 0) if out of memory or there are none. */
struct call_arc *call_arcs_of(const struct ctx_tree *t, int *n);

#endif
