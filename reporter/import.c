/*
 * import.c - storing profiles in the database, in one transaction
 * (see import.h).
 *
 * A profile becomes a "runs" row plus its run_args, modules and
 * cost_centres rows, and a contexts row per calling-context node of a
 * context-mode profile; its "unprofiled" ticks become a cost centre with
 * id -1.  The run's digest (FNV-1a of the file's bytes) is UNIQUE, so a
 * file imported twice is recognised and skipped.  Every value is bound
 * as a parameter; nothing from a file is ever formatted into SQL.
 */
#include "import.h"

#include "anon_names.h"
#include "db_error.h"
#include "demangle.h"
#include "diag.h"
#include "metrics.h"
#include "schema.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNPROFILED_ID -1
#define UNPROFILED_NAME "(unprofiled)"

enum {
	STMT_FIND_RUN,
	STMT_RUN,
	STMT_ARG,
	STMT_MODULE,
	STMT_CC,
	STMT_CTX,
	N_STMTS
};

static const char *const stmt_sql[N_STMTS] = {
	[STMT_FIND_RUN] = "SELECT id FROM runs WHERE digest = ?",
	[STMT_RUN] =
		"INSERT INTO runs(file, digest, program, args, pid, start,"
		" wall, user, sys, cpu, hz, ticks, samples, status, clock,"
		" label, processes, events, imported_at)"
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
		" strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
	[STMT_ARG] = "INSERT INTO run_args(run, idx, arg) VALUES (?, ?, ?)",
	[STMT_MODULE] =
		"INSERT INTO modules(run, id, compiler, options, source)"
		" VALUES (?, ?, ?, ?, ?)",
	[STMT_CC] =
		"INSERT INTO cost_centres(run, id, module, symbol, name, file,"
		" line, calls, ticks, kind"
#define CCPROF_METRIC(id, name, ev) ", " name
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
		") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
#define CCPROF_METRIC(id, name, ev) ", ?"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
		")",
	[STMT_CTX] =
		"INSERT INTO contexts(run, id, parent, cc, calls, ticks"
#define CCPROF_METRIC(id, name, ev) ", " name
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
		") VALUES (?, ?, ?, ?, ?, ?"
#define CCPROF_METRIC(id, name, ev) ", ?"
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
		")",
};

struct importer {
	sqlite3 *db;
	sqlite3_stmt *stmt[N_STMTS];
	const struct profile *p;	/* the profile being imported */
	const char *label;		/* --label, or NULL */
};

static void bind_text(sqlite3_stmt *stmt, int i, const char *s)
{
	sqlite3_bind_text(stmt, i, s, -1, SQLITE_STATIC);
}

/* Step an INSERT to completion and make it ready for reuse. */
static int run_insert(struct importer *im, sqlite3_stmt *stmt,
		      const char *what)
{
	int rc = sqlite3_step(stmt);

	sqlite3_reset(stmt);
	sqlite3_clear_bindings(stmt);
	if (rc != SQLITE_DONE)
		return db_error(im->db, im->p->path, what);
	return 0;
}

static void format_digest(uint64_t digest, char out[17])
{
	snprintf(out, 17, "%016" PRIx64, digest);
}

/* The run already holding DIGEST, 0 if none, -1 on error. */
static int64_t find_run(struct importer *im, const char *digest)
{
	sqlite3_stmt *stmt = im->stmt[STMT_FIND_RUN];
	int64_t run = 0;
	int rc;

	bind_text(stmt, 1, digest);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		run = sqlite3_column_int64(stmt, 0);
	sqlite3_reset(stmt);
	sqlite3_clear_bindings(stmt);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(im->db, im->p->path,
				"look up earlier imports");
	return run;
}

/* The arguments joined by spaces, for display. */
static char *join_args(const struct profile *p)
{
	size_t i, len = 1;
	char *args;

	for (i = 0; i < p->argc; i++)
		len += strlen(p->argv[i]) + 1;
	args = malloc(len);
	if (!args)
		return NULL;
	args[0] = '\0';
	for (i = 0; i < p->argc; i++) {
		if (i)
			strcat(args, " ");
		strcat(args, p->argv[i]);
	}
	return args;
}

static int insert_run(struct importer *im, const char *digest, int64_t *run)
{
	const struct profile *p = im->p;
	sqlite3_stmt *stmt = im->stmt[STMT_RUN];
	char *args = join_args(p);
	int rc;

	if (!args)
		return db_error(im->db, im->p->path,
				"join the arguments (out of memory)");
	bind_text(stmt, 1, p->path);
	bind_text(stmt, 2, digest);
	bind_text(stmt, 3, p->program);
	bind_text(stmt, 4, args);
	sqlite3_bind_int64(stmt, 5, p->pid);
	sqlite3_bind_double(stmt, 6, p->start);
	sqlite3_bind_double(stmt, 7, p->wall);
	sqlite3_bind_double(stmt, 8, p->user);
	sqlite3_bind_double(stmt, 9, p->sys);
	sqlite3_bind_double(stmt, 10, p->user + p->sys);
	sqlite3_bind_int64(stmt, 11, p->hz);
	sqlite3_bind_int64(stmt, 12, p->ticks);
	if (p->samples >= 0)
		sqlite3_bind_int64(stmt, 13, p->samples);
	else
		sqlite3_bind_null(stmt, 13);
	bind_text(stmt, 14, p->incomplete ? "incomplete" : "complete");
	if (p->clock)
		bind_text(stmt, 15, p->clock);
	else
		sqlite3_bind_null(stmt, 15);
	if (im->label)
		bind_text(stmt, 16, im->label);
	if (p->processes >= 0)
		sqlite3_bind_int64(stmt, 17, p->processes);
	else
		sqlite3_bind_null(stmt, 17);
	if (p->version >= 5) {
		char events[256] = "";

		for (int e = 0; e < N_EVENTS; e++)
			if (p->events & (1u << e)) {
				if (*events)
					strcat(events, ",");
				strcat(events, event_names[e]);
			}
		sqlite3_bind_text(stmt, 18, events, -1, SQLITE_TRANSIENT);
	} else {
		sqlite3_bind_null(stmt, 18);
	}
	rc = run_insert(im, stmt, "insert the run");
	free(args);
	*run = sqlite3_last_insert_rowid(im->db);
	return rc;
}

static int insert_args(struct importer *im, int64_t run)
{
	sqlite3_stmt *stmt = im->stmt[STMT_ARG];
	size_t i;

	for (i = 0; i < im->p->argc; i++) {
		sqlite3_bind_int64(stmt, 1, run);
		sqlite3_bind_int64(stmt, 2, (int64_t)i);
		bind_text(stmt, 3, im->p->argv[i]);
		if (run_insert(im, stmt, "insert an argument") != 0)
			return -1;
	}
	return 0;
}

static int insert_modules(struct importer *im, int64_t run)
{
	sqlite3_stmt *stmt = im->stmt[STMT_MODULE];
	size_t i;

	for (i = 0; i < im->p->n_modules; i++) {
		const struct profile_module *m = &im->p->modules[i];

		sqlite3_bind_int64(stmt, 1, run);
		sqlite3_bind_int64(stmt, 2, m->id);
		bind_text(stmt, 3, m->compiler);
		bind_text(stmt, 4, m->options);
		bind_text(stmt, 5, m->source);
		if (run_insert(im, stmt, "insert a module") != 0)
			return -1;
	}
	return 0;
}

/* The metric columns (10 on): NULL for the events that were off. */
/* The metric columns, from parameter FIRST on: NULL for an event the
 * run did not measure. */
static void bind_metrics_from(struct importer *im, sqlite3_stmt *stmt,
			      int first, const int64_t *metrics)
{
	for (int m = 0; m < N_METRICS; m++)
		if (im->p->events & (1u << metric_event[m]))
			sqlite3_bind_int64(stmt, first + m, metrics[m]);
		else
			sqlite3_bind_null(stmt, first + m);
}

static void bind_metrics(struct importer *im, sqlite3_stmt *stmt,
			 const int64_t *metrics)
{
	bind_metrics_from(im, stmt, 11, metrics);
}

static int insert_cc(struct importer *im, int64_t run,
		     const struct profile_cc *cc, const char *name)
{
	sqlite3_stmt *stmt = im->stmt[STMT_CC];

	sqlite3_bind_int64(stmt, 1, run);
	sqlite3_bind_int64(stmt, 2, cc->id);
	sqlite3_bind_int64(stmt, 3, cc->module);
	bind_text(stmt, 4, cc->symbol);
	bind_text(stmt, 5, name);
	bind_text(stmt, 6, cc->file);
	sqlite3_bind_int64(stmt, 7, cc->line);
	sqlite3_bind_int64(stmt, 8, cc->calls);
	sqlite3_bind_int64(stmt, 9, cc->ticks);
	bind_text(stmt, 10, cc->kind);
	bind_metrics(im, stmt, cc->metrics);
	return run_insert(im, stmt, "insert a cost centre");
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* The display names of all cost centres of the profile: demangled, with
 * lambdas renamed (anon_names.c).  NULL when out of memory. */
static char **display_names(const struct profile *p)
{
	char **names = calloc(p->n_ccs ? p->n_ccs : 1, sizeof *names);
	int64_t *lines = calloc(p->n_ccs ? p->n_ccs : 1, sizeof *lines);
	size_t i;

	if (!names || !lines)
		goto fail;
	for (i = 0; i < p->n_ccs; i++) {
		names[i] = demangle_display_name(p->ccs[i].symbol);
		lines[i] = p->ccs[i].line;
		if (!names[i])
			goto fail;
	}
	if (anon_names_canonicalise(names, lines, p->n_ccs) != 0)
		goto fail;
	free(lines);
	return names;
fail:
	if (names)
		free_names(names, p->n_ccs);
	free(lines);
	return NULL;
}

static int insert_ccs(struct importer *im, int64_t run)
{
	const struct profile *p = im->p;
	char **names = display_names(p);
	size_t i;
	int rc = 0;

	if (!names)
		return db_error(im->db, im->p->path,
				"name the cost centres (out of memory)");
	for (i = 0; i < p->n_ccs && rc == 0; i++)
		rc = insert_cc(im, run, &p->ccs[i], names[i]);
	free_names(names, p->n_ccs);
	return rc;
}

/* Context mode: one row per calling-context node. */
static int insert_contexts(struct importer *im, int64_t run)
{
	sqlite3_stmt *stmt = im->stmt[STMT_CTX];
	size_t i;

	for (i = 0; i < im->p->n_ctxs; i++) {
		const struct profile_ctx *x = &im->p->ctxs[i];

		sqlite3_bind_int64(stmt, 1, run);
		sqlite3_bind_int64(stmt, 2, x->id);
		sqlite3_bind_int64(stmt, 3, x->parent);
		sqlite3_bind_int64(stmt, 4, x->cc);
		sqlite3_bind_int64(stmt, 5, x->calls);
		sqlite3_bind_int64(stmt, 6, x->ticks);
		bind_metrics_from(im, stmt, 7, x->metrics);
		if (run_insert(im, stmt, "insert a calling context") != 0)
			return -1;
	}
	return 0;
}

/* Appel's "(unprofiled)" row: ticks while no profiled code was current. */
static int insert_unprofiled(struct importer *im, int64_t run)
{
	sqlite3_stmt *stmt = im->stmt[STMT_CC];

	sqlite3_bind_int64(stmt, 1, run);
	sqlite3_bind_int64(stmt, 2, UNPROFILED_ID);
	sqlite3_bind_null(stmt, 3);
	bind_text(stmt, 4, "");
	bind_text(stmt, 5, UNPROFILED_NAME);
	bind_text(stmt, 6, "");
	sqlite3_bind_int64(stmt, 7, 0);
	sqlite3_bind_int64(stmt, 8, 0);
	sqlite3_bind_int64(stmt, 9, im->p->unprofiled);
	bind_text(stmt, 10, "unprofiled");
	bind_metrics(im, stmt, im->p->unprofiled_metrics);
	return run_insert(im, stmt, "insert the unprofiled row");
}

static int import_one(struct importer *im, int64_t *run)
{
	const struct profile *p = im->p;
	char digest[17];
	int64_t earlier;

	format_digest(p->digest, digest);
	earlier = find_run(im, digest);
	if (earlier < 0)
		return -1;
	if (earlier > 0) {
		diag_file_error(p->path, "already imported as run %" PRId64,
				earlier);
		*run = earlier;
		return 0;
	}
	if (insert_run(im, digest, run) != 0 || insert_args(im, *run) != 0
	    || insert_modules(im, *run) != 0)
		return -1;
	if (insert_ccs(im, *run) != 0 || insert_contexts(im, *run) != 0)
		return -1;
	return insert_unprofiled(im, *run);
}

static int prepare_all(struct importer *im, const char *db_path)
{
	int i;

	for (i = 0; i < N_STMTS; i++)
		if (sqlite3_prepare_v2(im->db, stmt_sql[i], -1, &im->stmt[i],
				       NULL) != SQLITE_OK) {
			diag_file_error(db_path,
					"cannot prepare the import: %s",
					sqlite3_errmsg(im->db));
			return -1;
		}
	return 0;
}

static void finalize_all(struct importer *im)
{
	int i;

	for (i = 0; i < N_STMTS; i++)
		sqlite3_finalize(im->stmt[i]);
}

static int import_all(struct importer *im, const char *db_path,
		      const struct profile *profiles, size_t n,
		      int64_t *last_run)
{
	size_t i;

	if (schema_ensure(im->db, db_path) != 0
	    || prepare_all(im, db_path) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		im->p = &profiles[i];
		if (import_one(im, last_run) != 0)
			return -1;
	}
	return 0;
}

int import_profiles(sqlite3 *db, const char *db_path,
		    const struct profile *profiles, size_t n,
		    const char *label, int64_t *last_run)
{
	struct importer im;
	int rc;

	memset(&im, 0, sizeof im);
	im.db = db;
	im.label = label;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		if (sqlite3_errcode(db) == SQLITE_BUSY)
			diag_file_error(db_path, "the database is locked by "
					"another writer and stayed locked "
					"for CCPROF_REPORT_TIMEOUT seconds "
					"(default 10); nothing imported");
		else
			diag_file_error(db_path, "cannot start the import: %s",
					sqlite3_errmsg(db));
		return -1;
	}
	rc = import_all(&im, db_path, profiles, n, last_run);
	finalize_all(&im);
	if (rc == 0 && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		diag_file_error(db_path, "cannot commit the import: %s",
				sqlite3_errmsg(db));
		rc = -1;
	}
	if (rc != 0)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}
