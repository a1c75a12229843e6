/*
 * main.c - ccprof-report: options and dispatch.
 *
 *     ccprof-report [--db PATH] [--run N] [--sql QUERY]
 *                   [--format table|csv|json] [--no-import] [FILE...]
 *
 * Reads every FILE (profile_parse.c), imports them into the database in
 * one transaction (import.c), then prints either the flat profile of a
 * run (flat.c) or the results of --sql (query.c).  All of the process's
 * state is in struct report.  Options are long-form only and take their
 * value as "--opt=value" or "--opt value"; docs/reporter.md documents
 * them.
 */
#include "diag.h"
#include "flat.h"
#include "import.h"
#include "output.h"
#include "profile.h"
#include "query.h"
#include "schema.h"

#include <errno.h>
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef CCPROF_VERSION
#define CCPROF_VERSION "unknown"
#endif

#define DEFAULT_DB "ccprof.db"
#define DEFAULT_PROFILE "ccprof.out"
#define BUSY_TIMEOUT_MS 10000

struct report {
	const char *db_path;		/* --db */
	int64_t run;			/* --run, 0 if not given */
	const char *sql;		/* --sql, NULL if not given */
	enum output_format format;	/* --format */
	int no_import;			/* --no-import */
	const char **files;		/* FILE arguments */
	size_t n_files;
	int done;			/* --help or --version was answered */
	struct profile *profiles;	/* one per file, once read */
	sqlite3 *db;
	int64_t last_run;		/* run of the last file imported */
};

enum option_id {
	OPT_DB, OPT_RUN, OPT_SQL, OPT_FORMAT, OPT_NO_IMPORT, OPT_HELP,
	OPT_VERSION
};

static const struct option_spec {
	const char *name;
	enum option_id id;
	int takes_value;
} option_specs[] = {
	{ "--db", OPT_DB, 1 },
	{ "--run", OPT_RUN, 1 },
	{ "--sql", OPT_SQL, 1 },
	{ "--format", OPT_FORMAT, 1 },
	{ "--no-import", OPT_NO_IMPORT, 0 },
	{ "--help", OPT_HELP, 0 },
	{ "--version", OPT_VERSION, 0 },
};

static const char usage_text[] =
"Usage: " PROGRAM_NAME " [OPTION]... [FILE]...\n"
"Import ccprof profiles into a SQLite database, then print the flat\n"
"profile of a run, or run SQL against the database.\n"
"\n"
"  --db PATH        the database (default: " DEFAULT_DB "; created if absent)\n"
"  --run N          the run to print (default: the last FILE's run, else\n"
"                   the newest); with --sql, the value of parameter :run\n"
"  --sql QUERY      run QUERY (one or more SQL statements) and print each\n"
"                   result; imports only the FILEs given, if any\n"
"  --format FORMAT  table (default), csv or json\n"
"  --no-import      import nothing; report on the database as it is\n"
"  --help           print this help and exit\n"
"  --version        print the version and exit\n"
"\n"
"With no FILE and no --sql, FILE is " DEFAULT_PROFILE "; \"-\" is standard input.\n"
"All FILEs are imported in one transaction: one bad file imports none.\n"
"A file imported before is noted and skipped.  Tables and views (flat,\n"
"compare, run_summary, ...) are described in docs/schema.md.  Example:\n"
"  " PROGRAM_NAME " --sql 'SELECT name, calls, seconds FROM flat\n"
"      WHERE run = :run ORDER BY seconds DESC LIMIT 5' --run 2\n"
"\n"
"Exit status: 0 success, 1 bad profile, database or SQL error,\n"
"2 bad command line.\n";

static void print_version(void)
{
	printf("%s %s (profile format %d, database schema %d, SQLite %s)\n",
	       PROGRAM_NAME, CCPROF_VERSION, PROFILE_FORMAT_VERSION,
	       SCHEMA_VERSION, sqlite3_libversion());
}

/* ---- options ---- */

static const struct option_spec *find_option(const char *name, size_t len)
{
	size_t k;

	for (k = 0; k < sizeof option_specs / sizeof option_specs[0]; k++)
		if (strlen(option_specs[k].name) == len
		    && memcmp(option_specs[k].name, name, len) == 0)
			return &option_specs[k];
	return NULL;
}

static int parse_run_id(const char *value, int64_t *run)
{
	uint64_t n = 0;
	const char *s;

	if (!*value)
		return -1;
	for (s = value; *s; s++) {
		if (*s < '0' || *s > '9' || n > ((uint64_t)INT64_MAX - 9) / 10)
			return -1;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	if (n == 0)
		return -1;
	*run = (int64_t)n;
	return 0;
}

static int parse_format(const char *value, enum output_format *format)
{
	if (strcmp(value, "table") == 0)
		*format = FORMAT_TABLE;
	else if (strcmp(value, "csv") == 0)
		*format = FORMAT_CSV;
	else if (strcmp(value, "json") == 0)
		*format = FORMAT_JSON;
	else
		return -1;
	return 0;
}

/* Apply option OPT with VALUE (NULL for options without one). */
static int apply_option(struct report *r, const struct option_spec *opt,
			const char *value)
{
	switch (opt->id) {
	case OPT_DB:
		if (!*value)
			return diag_usage("option '--db' needs a file name");
		r->db_path = value;
		break;
	case OPT_RUN:
		if (parse_run_id(value, &r->run) != 0)
			return diag_usage("invalid value '%s' for option '--run' "
					  "(expected a run id, a positive "
					  "integer)", value);
		break;
	case OPT_SQL:
		r->sql = value;
		break;
	case OPT_FORMAT:
		if (parse_format(value, &r->format) != 0)
			return diag_usage("invalid value '%s' for option "
					  "'--format' (expected table, csv or "
					  "json)", value);
		break;
	case OPT_NO_IMPORT:
		r->no_import = 1;
		break;
	case OPT_HELP:
		fputs(usage_text, stdout);
		r->done = 1;
		break;
	case OPT_VERSION:
		print_version();
		r->done = 1;
		break;
	}
	return 0;
}

/* Parse the option ARGV[*I] ("--name", "--name=value" or "--name value",
 * the last taking ARGV[*I + 1]). */
static int parse_option(struct report *r, int argc, char **argv, int *i)
{
	const char *arg = argv[*i];
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct option_spec *opt = find_option(arg, len);
	const char *value = NULL;

	if (!opt)
		return diag_usage("unknown option '%.*s'", (int)len, arg);
	if (opt->takes_value) {
		if (eq)
			value = eq + 1;
		else if (*i + 1 < argc)
			value = argv[++*i];
		else
			return diag_usage("option '%s' needs a value",
					  opt->name);
	} else if (eq) {
		return diag_usage("option '%s' takes no value", opt->name);
	}
	return apply_option(r, opt, value);
}

static int parse_args(struct report *r, int argc, char **argv)
{
	int i, only_files = 0;

	r->files = calloc((size_t)argc, sizeof *r->files);
	if (!r->files) {
		diag_error("out of memory");
		return EXIT_ERROR;
	}
	for (i = 1; i < argc && !r->done; i++) {
		const char *arg = argv[i];
		int rc;

		if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0) {
			r->files[r->n_files++] = arg;
		} else if (strcmp(arg, "--") == 0) {
			only_files = 1;
		} else if ((rc = parse_option(r, argc, argv, &i)) != 0) {
			return rc;
		}
	}
	if (r->done)
		return EXIT_OK;
	if (r->no_import && r->n_files > 0)
		return diag_usage("--no-import cannot be given with FILE "
				  "arguments");
	if (r->n_files == 0 && !r->sql && !r->no_import)
		r->files[r->n_files++] = DEFAULT_PROFILE;
	return EXIT_OK;
}

/* ---- actions ---- */

static int read_profiles(struct report *r)
{
	size_t i;

	r->profiles = calloc(r->n_files + 1, sizeof *r->profiles);
	if (!r->profiles) {
		diag_error("out of memory");
		return -1;
	}
	for (i = 0; i < r->n_files; i++)
		if (profile_read(r->files[i], &r->profiles[i]) != 0)
			return -1;
	return 0;
}

static int open_database(struct report *r)
{
	int flags = SQLITE_OPEN_READWRITE;
	struct stat st;

	if (r->n_files > 0)
		flags |= SQLITE_OPEN_CREATE;
	else if (stat(r->db_path, &st) != 0) {
		diag_file_error(r->db_path, "%s (import a profile first)",
				strerror(errno));
		return -1;
	}
	if (sqlite3_open_v2(r->db_path, &r->db, flags, NULL) != SQLITE_OK) {
		diag_file_error(r->db_path, "cannot open database: %s",
				r->db ? sqlite3_errmsg(r->db) : "out of memory");
		return -1;
	}
	sqlite3_busy_timeout(r->db, BUSY_TIMEOUT_MS);
	sqlite3_exec(r->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	return 0;
}

/* The run to print: --run, else the last file's, else the newest. */
static int64_t chosen_run(struct report *r)
{
	int64_t run = r->run ? r->run : r->last_run;

	if (run == 0) {
		run = flat_newest_run(r->db, r->db_path);
		if (run == 0) {
			diag_file_error(r->db_path, "no runs in the database "
					"(import a profile first)");
			return -1;
		}
	}
	return run;
}

static int report(struct report *r)
{
	int64_t run;

	if (read_profiles(r) != 0 || open_database(r) != 0)
		return -1;
	if (r->n_files > 0) {
		if (import_profiles(r->db, r->db_path, r->profiles, r->n_files,
				    &r->last_run) != 0)
			return -1;
	} else if (schema_ensure_alone(r->db, r->db_path) != 0) {
		return -1;
	}
	if (r->sql)
		return query_run(r->db, r->sql, r->format, r->run, stdout);
	run = chosen_run(r);
	if (run < 0)
		return -1;
	return flat_print(r->db, r->db_path, run, r->format, stdout);
}

static void release(struct report *r)
{
	size_t i;

	if (r->profiles)
		for (i = 0; i < r->n_files; i++)
			profile_free(&r->profiles[i]);
	free(r->profiles);
	free(r->files);
	sqlite3_close(r->db);
}

int main(int argc, char **argv)
{
	struct report r;
	int rc;

	memset(&r, 0, sizeof r);
	r.db_path = DEFAULT_DB;
	r.format = FORMAT_TABLE;
	rc = parse_args(&r, argc, argv);
	if (rc == EXIT_OK && !r.done)
		rc = report(&r) == 0 ? EXIT_OK : EXIT_ERROR;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag_error("error writing to standard output: %s",
			   strerror(errno));
		rc = EXIT_ERROR;
	}
	release(&r);
	return rc;
}
