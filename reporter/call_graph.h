/*
 * call_graph.h - --call-graph: the accurate call graph of a run, in the
 * layout of `gprof -b -q`.
 */
#ifndef CCPROF_REPORT_CALL_GRAPH_H
#define CCPROF_REPORT_CALL_GRAPH_H

#include "flat_query.h"
#include "output.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* Print run RUN's call graph to OUT: as gprof's text (FORMAT_TABLE), or
 * in csv or json one row per line of it (entry, role: caller, function
 * or callee, name, ...).  Entries below --threshold percent are left
 * out.  -1 with a message (a run without contexts too). */
int call_graph_print(sqlite3 *db, const char *db_path, int64_t run,
		     const struct flat_options *o, enum output_format format,
		     FILE *out);

#endif
