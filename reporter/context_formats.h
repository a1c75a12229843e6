/*
 * context_formats.h - a run's calling contexts written for other tools:
 * --format folded (flame graphs), callgrind (KCachegrind,
 * callgrind_annotate) and pprof (go tool pprof).
 */
#ifndef CCPROF_REPORT_CONTEXT_FORMATS_H
#define CCPROF_REPORT_CONTEXT_FORMATS_H

#include "flat_query.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* One line per context of run RUN, "main;a;c 1234": the path from the
 * outermost caller, then the context's VALUE (context_tree.h:
 * CTX_VALUE_TICKS, CTX_VALUE_CALLS or a metric); contexts of value 0 are
 * left out.  -1 with a message on error. */
int folded_print(sqlite3 *db, const char *db_path, int64_t run, int value,
		 const struct flat_options *o, FILE *out);

/* Run RUN in the callgrind profile format: per function its self ticks,
 * per call arc its calls and inclusive ticks. */
int callgrind_print(sqlite3 *db, const char *db_path, int64_t run,
		    const struct flat_options *o, FILE *out);

/* Run RUN as a gzipped profile.proto (pprof): a sample per context,
 * with ticks, CPU nanoseconds and calls. */
int pprof_write(sqlite3 *db, const char *db_path, int64_t run,
		const struct flat_options *o, FILE *out);

#endif
