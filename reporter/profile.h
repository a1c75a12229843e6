/*
 * profile.h - one ccprof.out file, read and validated.
 *
 * The in-memory form of a profile file (docs/format.md, versions 1 to 6).
 * profile_read() accepts exactly that format and rejects everything the
 * format's "Readers must reject" paragraph lists, plus absurd values
 * (numbers beyond 63 bits, calls or ticks whose sums are, lines longer
 * than 1 MiB); the importer can then store a profile without checking it
 * again.
 */
#ifndef CCPROF_REPORT_PROFILE_H
#define CCPROF_REPORT_PROFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* PROFILE_FORMAT_VERSION (the newest this reader knows) and
 * PROFILE_FORMAT_OLDEST (the oldest it still reads), from the one
 * definition of the format, runtime/ccprof_format.def. */
#define CCPROF_FORMAT_CONSTANT(Name, Value) PROFILE_FORMAT_##Name = Value,
enum {
#include "../runtime/ccprof_format.def"
};

#include "metrics.h"

struct profile_module {
	int64_t id;
	char *compiler;
	char *options;		/* plugin options, "key=value ..." */
	char *source;		/* the unit's main source file */
};

struct profile_cc {
	int64_t id;
	int64_t module;		/* id of a profile_module */
	int64_t calls;
	int64_t ticks;
	int64_t line;		/* 0 if unknown */
	char *symbol;		/* linkage name, possibly mangled */
	char *file;		/* "" if unknown */
	const char *kind;	/* "function", "anonymous", "scc", "module"
				 * (a constant); "function" before version 4 */
	int64_t metrics[N_METRICS];	/* 0 unless a metric record says */
};

/* A calling-context node (format 6, context mode): the cost centre CC
 * entered from the context PARENT (0: the root, no profiled caller). */
struct profile_ctx {
	int64_t id;		/* >= 1 */
	int64_t parent;		/* 0, or the id of an earlier profile_ctx */
	int64_t cc;		/* id of a profile_cc */
	int64_t calls;
	int64_t ticks;		/* self: while this node was current */
	int64_t metrics[N_METRICS];	/* 0 unless a ctx_metric says */
};

struct profile {
	char *path;		/* as named on the command line */
	uint64_t digest;	/* FNV-1a of the whole file */
	char *program;
	char **argv;
	size_t argc;
	int64_t pid;
	int64_t processes;	/* whose counts the file holds (more than 1
				 * after %m merges); -1 before version 4 */
	double start, wall, user, sys;	/* seconds */
	int version;		/* format version of the file: 1 to 6 */
	int64_t hz;
	int64_t ticks;
	int64_t samples;	/* timer signals that charged time; -1 in a
				 * version 1 file, which did not count them */
	char *clock;		/* the sampling clock; NULL before version 3 */
	int incomplete;		/* status: 0 complete, 1 incomplete */
	struct profile_module *modules;
	size_t n_modules;
	struct profile_cc *ccs;
	size_t n_ccs;
	struct profile_ctx *ctxs;	/* in file order: parents first */
	size_t n_ctxs;		/* 0: a flat-mode profile */
	int64_t unprofiled;	/* ticks */
	unsigned events;	/* bit e: event e was on (format 5) */
	int64_t unprofiled_metrics[N_METRICS];
};

/* Read and validate PATH ("-" is standard input) into *P.  On error,
 * print "ccprof-report: PATH:LINE: what is wrong", leave *P empty and
 * return -1. */
int profile_read(const char *path, struct profile *p);

/* The same for a stream already open, named NAME in messages and in
 * runs.file; IN is read to the end of the profile, not closed. */
int profile_read_stream(FILE *in, const char *name, struct profile *p);

void profile_free(struct profile *p);

#endif
