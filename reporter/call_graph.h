/*
 * call_graph.h - --call-graph: the accurate call graph of a run, in the
 * layout of `gprof -b -q`.
 */
#ifndef CCPROF_REPORT_CALL_GRAPH_H
#define CCPROF_REPORT_CALL_GRAPH_H

#include "flat_query.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Print run RUN's call graph to OUT; entries below --threshold percent
 * are left out.  -1 with a message (a run without contexts too). */
int call_graph_print(sqlite3 *db, const char *db_path, int64_t run,
		     const struct flat_options *o, FILE *out);

#endif
