/*
 * callgrind.c - --format callgrind (see context_formats.h): the run's
 * call graph in the profile format of Valgrind's callgrind, which
 * callgrind_annotate and KCachegrind read.
 *
 *     # callgrind format
 *     version: 1
 *     creator: ccprof-report 0.1
 *     cmd: ./froyd
 *     positions: line
 *     events: Ticks
 *     summary: 100
 *
 *     fl=froyd.c
 *     fn=a
 *     4 10
 *     cfl=froyd.c
 *     cfn=c
 *     calls=10 2
 *     4 40
 *
 * Per function (fl=, fn=) its self ticks at its first line; per call
 * arc (call_arcs.h: measured, not apportioned) the callee (cfl=, cfn=),
 * the calls made (calls=COUNT TARGET-LINE) and the inclusive ticks spent
 * under those calls, at the caller's first line (a context does not
 * know the line of the call).  callgrind_annotate --inclusive=yes takes
 * a called function's inclusive ticks from the arcs into it (a function
 * no arc enters: its self cost and its calls' costs), recursion folded,
 * so the contexts at the root (main, a thread's start routine, a static
 * constructor) are arcs too, from a function "<spontaneous>" (as
 * --call-graph names the root), with no self cost, in file "???": a
 * thread's start routine that main also calls kept only main's share.
 * The summary is the ticks of all contexts (not the unprofiled ones).
 */
#include "context_formats.h"

#include "call_arcs.h"
#include "context_tree.h"
#include "diag.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A file the compiler did not name (clang without -g), as valgrind
 * writes one it does not know. */
#define UNKNOWN_FILE "???"

#ifndef CCPROF_VERSION
#define CCPROF_VERSION "unknown"
#endif

static void put_line(FILE *out, const char *key, const char *s)
{
	fputs(key, out);
	text_put_display(out, s, strlen(s));
	fputc('\n', out);
}

/* The arc ARC's callee, calls and inclusive ticks, from line LINE of
 * the caller. */
static void put_arc(FILE *out, const struct ctx_tree *t,
		    const struct call_arc *arc, int64_t line)
{
	const struct ctx_fn *callee = &t->fns[arc->callee];

	put_line(out, "cfl=", *callee->file ? callee->file : UNKNOWN_FILE);
	put_line(out, "cfn=", callee->name);
	fprintf(out, "calls=%" PRId64 " %" PRId64 "\n%" PRId64 " %" PRId64
		"\n", arc->calls, callee->line, line,
		arc->self + arc->descendants);
}

int callgrind_print(sqlite3 *db, const char *db_path, int64_t run,
		    const struct flat_options *o, FILE *out)
{
	struct ctx_tree t;
	struct call_arc *arcs;
	int64_t summary = 0;
	int n_arcs, k = 0;

	if (ctx_tree_load(db, db_path, run, CTX_VALUE_TICKS, o->short_names,
			  "--format callgrind", &t) != 0)
		return -1;
	arcs = call_arcs_of(&t, &n_arcs);
	if (!arcs) {
		ctx_tree_free(&t);
		diag_error("out of memory");
		return -1;
	}
	for (int i = 0; i < t.n_nodes; i++)
		summary += t.nodes[i].ticks;
	fputs("# callgrind format\nversion: 1\ncreator: " PROGRAM_NAME " "
	      CCPROF_VERSION "\n", out);
	put_line(out, "cmd: ", t.args);
	fprintf(out, "part: 1\npositions: line\nevents: Ticks\n"
		"summary: %" PRId64 "\n", summary);
	/* Arcs by caller: the root's (caller -1) first, then by function. */
	if (k < n_arcs && arcs[k].caller < 0)
		fputs("\nfl=" UNKNOWN_FILE "\nfn=<spontaneous>\n0 0\n", out);
	for (; k < n_arcs && arcs[k].caller < 0; k++)
		put_arc(out, &t, &arcs[k], 0);
	for (int f = 0; f < t.n_fns; f++) {
		const struct ctx_fn *fn = &t.fns[f];

		if (fn->calls == 0 && fn->inclusive == 0
		    && (k >= n_arcs || arcs[k].caller != f))
			continue;
		fputc('\n', out);
		put_line(out, "fl=", *fn->file ? fn->file : UNKNOWN_FILE);
		put_line(out, "fn=", fn->name);
		fprintf(out, "%" PRId64 " %" PRId64 "\n", fn->line, fn->ticks);
		for (; k < n_arcs && arcs[k].caller == f; k++)
			put_arc(out, &t, &arcs[k], fn->line);
	}
	free(arcs);
	ctx_tree_free(&t);
	return 0;
}
