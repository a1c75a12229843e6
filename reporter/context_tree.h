/*
 * context_tree.h - one run's calling contexts in memory, for the reports
 * over them (call graph, call paths, folded stacks, pprof, callgrind).
 *
 * The contexts table (schema.md) holds a tree per run: every node a
 * cost centre entered from its parent node (0: the root, "no profiled
 * caller"), with the calls made into it and the ticks charged while it
 * was current (self time).  Recursion is folded (Spivey 2004): no cost
 * centre appears twice on a root-to-node path.  The reports need each
 * node's inclusive ticks (its own and its descendants') and its
 * function: cost centres of one name, file, symbol and kind (a static
 * inline function compiled into several units) are one function, as in
 * the flat profile; a CCPROF_SCC label of a function's name is a
 * function of its own, "name {scc}".  Loading walks the tree once, so every report costs
 * O(nodes) plus its own sorting.
 */
#ifndef CCPROF_REPORT_CONTEXT_TREE_H
#define CCPROF_REPORT_CONTEXT_TREE_H

#include <sqlite3.h>
#include <stdint.h>

struct ctx_fn {
	char *name;		/* as the flat profile shows it: "name",
				 * "name {scc}" (cc_kind.h), "name (file)"
				 * if shared */
	char *plain;		/* the cost centre's name alone */
	char *file;
	char *symbol;
	int kind;		/* cc_kind_rank: 0 for a function */
	int64_t line;
	int64_t calls, ticks;	/* summed over the function's nodes */
	int64_t inclusive;	/* the same, with descendants' ticks */
	int64_t value;		/* ctx_tree_load's VALUE, summed */
	int min_depth;		/* of its nodes; 0 if it has none */
};

struct ctx_node {
	int64_t id;		/* contexts.id */
	int parent;		/* index into nodes, -1 for the root's */
	int fn;			/* index into fns */
	int first_child, next_sibling;	/* -1: none */
	int depth;		/* 1 for a child of the root */
	int64_t calls, ticks;
	int64_t inclusive;	/* ticks + every descendant's ticks */
	int64_t value;		/* the metric ctx_tree_load was asked for */
};

struct ctx_tree {
	int64_t run;
	struct ctx_node *nodes;	/* in preorder: a parent before its
				 * children, siblings by name, then id */
	int n_nodes;
	struct ctx_fn *fns;
	int n_fns;
	int first_root;		/* first child of the root, -1: none */
	int64_t total_ticks;	/* runs.ticks (unprofiled ticks too) */
	double seconds_per_tick;	/* runs.cpu / runs.ticks */
	double cpu;
	char *args;		/* the run's arguments, or its program */
};

/* What VALUE holds: calls, ticks, or a metric of CCPROF_EVENTS
 * (metrics.h index). */
enum { CTX_VALUE_TICKS = -1, CTX_VALUE_CALLS = -2 };

/* Load run RUN's contexts.  VALUE is CTX_VALUE_TICKS, CTX_VALUE_CALLS
 * or a metric; SHORT_NAMES shows names as --short-names does.  A run
 * without contexts (a flat-mode or older profile) is an error that says
 * so and how to get one, naming OPTION, the report asked for.  -1 with
 * a message on error. */
int ctx_tree_load(sqlite3 *db, const char *db_path, int64_t run,
		  int value, int short_names, const char *option,
		  struct ctx_tree *t);

void ctx_tree_free(struct ctx_tree *t);

/* The functions NAME selects, as a mask of T->n_fns bytes (malloc'd);
 * their count in *N.  NULL if out of memory.  NAME is a name as shown
 * ("work (a.c)", "work {scc}"), or a plain name or symbol: that selects
 * the cost centres of that name of one kind, functions if any has it,
 * else the first kind in cc_kind.h's order that has it. */
unsigned char *ctx_tree_match(const struct ctx_tree *t, const char *name,
			      int *n);

/* The events T's run recorded (runs.events), as a mask of metrics.h's
 * event bits; 0 if none. */
long ctx_tree_events(sqlite3 *db, const struct ctx_tree *t);

/* Metric METRIC (metrics.h) of every node of T, by node index
 * (malloc'd); NULL with a message on error. */
int64_t *ctx_tree_metric(sqlite3 *db, const char *db_path,
			 const struct ctx_tree *t, int metric);

/* Ticks as seconds, and as a percentage of the run's ticks. */
double ctx_seconds(const struct ctx_tree *t, int64_t ticks);
double ctx_percent(const struct ctx_tree *t, int64_t ticks);

#endif
