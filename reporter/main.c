/*
 * main.c - ccprof-report: options and dispatch.
 *
 *     ccprof-report [--db PATH] [--label NAME] [FILE...]     import, print
 *     ccprof-report --run ID|LABEL | --merge LABEL          a flat profile
 *     ccprof-report --sql QUERY | --runs | --schema          other views
 *     ccprof-report --compare A B [--html FILE]              two runs
 *     ccprof-report --time [--repeat N] --label NAME -- CMD ARGS...
 *     ccprof-report --call-graph | --callees F | --callers F   contexts
 *     ccprof-report --format folded|pprof|callgrind            contexts
 *
 * Reads every FILE (profile_parse.c), imports them into the database in
 * one transaction (import.c), then prints what was asked: the flat
 * profile of a run or of a label's runs (flat.c), --sql results
 * (query.c), the list of runs (runs_list.c), a comparison of two runs
 * (compare.c), the schema (schema.c), or an HTML page (html.c); --time
 * runs a command and records its times as a run (timecmd.c).  The
 * reports over a context-mode run's calling contexts: the call graph
 * (call_graph.c), call-path profiles (call_paths.c), and the formats
 * of other tools (folded.c, pprof.c, callgrind.c).  All of
 * the process's state is in struct report.  Options are long-form only
 * and take their value as "--opt=value" or "--opt value";
 * docs/reporter.md documents them.
 */
#include "call_graph.h"
#include "call_paths.h"
#include "compare.h"
#include "context_formats.h"
#include "context_tree.h"
#include "diag.h"
#include "flat.h"
#include "html.h"
#include "import.h"
#include "metrics.h"
#include "output.h"
#include "profile.h"
#include "query.h"
#include "runs_list.h"
#include "runsel.h"
#include "schema.h"
#include "timecmd.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CCPROF_VERSION
#define CCPROF_VERSION "unknown"
#endif

#define DEFAULT_DB "ccprof.db"
#define DEFAULT_PROFILE "ccprof.out"
#define BUSY_TIMEOUT_S 10		/* CCPROF_REPORT_TIMEOUT's default */
#define BUSY_TIMEOUT_MAX_S 86400
#define MAX_REPEAT 1000

/* What is printed once the FILEs are imported. */
enum action {
	ACTION_FLAT,		/* default: the flat profile of a run */
	ACTION_SQL,
	ACTION_RUNS,
	ACTION_COMPARE,
	ACTION_SCHEMA,
	ACTION_TIME,
	ACTION_CALL_GRAPH,	/* reports over a run's contexts */
	ACTION_CALLEES,
	ACTION_CALLERS
};

struct report {
	const char *db_path;		/* --db */
	const char *run_ref;		/* --run ID|LABEL, NULL if not given */
	const char *merge_label;	/* --merge LABEL */
	const char *label;		/* --label NAME */
	const char *sql;		/* --sql, NULL if not given */
	const char *compare_ref[2];	/* --compare A B */
	const char *html_path;		/* --html FILE */
	const char *path_function;	/* --callees F, --callers F */
	int metric;			/* --metric: CTX_VALUE_... or a metric */
	const char *metric_option;	/* its value, NULL if not given */
	const char *flat_option;	/* the first of --all, --limit,
					 * --by-unit, --sort given */
	int threshold_given;		/* --threshold */
	enum action action;
	const char *action_option;	/* the option that chose it */
	enum output_format format;	/* --format */
	int format_given;
	struct flat_options flat;	/* --all, --limit, ... */
	int no_import;			/* --no-import */
	long repeat;			/* --repeat */
	const char **files;		/* FILE arguments */
	size_t n_files;
	char **command;			/* --time: the command after "--" */
	int done;			/* --help or --version was answered */
	struct profile *profiles;	/* one per file, once read */
	sqlite3 *db;
	int created_db;			/* db_path did not exist before */
	int64_t last_run;		/* run of the last file imported */
};

enum option_id {
	OPT_DB, OPT_RUN, OPT_SQL, OPT_FORMAT, OPT_NO_IMPORT, OPT_LABEL,
	OPT_RUNS, OPT_MERGE, OPT_COMPARE, OPT_TIME, OPT_REPEAT, OPT_SCHEMA,
	OPT_HTML, OPT_ALL, OPT_LIMIT, OPT_THRESHOLD, OPT_BY_UNIT,
	OPT_SHORT_NAMES, OPT_SORT, OPT_CALL_GRAPH, OPT_CALLEES, OPT_CALLERS,
	OPT_METRIC, OPT_HELP, OPT_VERSION
};

static const struct option_spec {
	const char *name;
	enum option_id id;
	int n_values;			/* 0, 1, or 2 (--compare A B) */
} option_specs[] = {
	{ "--db", OPT_DB, 1 },
	{ "--run", OPT_RUN, 1 },
	{ "--sql", OPT_SQL, 1 },
	{ "--format", OPT_FORMAT, 1 },
	{ "--no-import", OPT_NO_IMPORT, 0 },
	{ "--label", OPT_LABEL, 1 },
	{ "--runs", OPT_RUNS, 0 },
	{ "--merge", OPT_MERGE, 1 },
	{ "--compare", OPT_COMPARE, 2 },
	{ "--time", OPT_TIME, 0 },
	{ "--repeat", OPT_REPEAT, 1 },
	{ "--schema", OPT_SCHEMA, 0 },
	{ "--html", OPT_HTML, 1 },
	{ "--all", OPT_ALL, 0 },
	{ "--limit", OPT_LIMIT, 1 },
	{ "--threshold", OPT_THRESHOLD, 1 },
	{ "--by-unit", OPT_BY_UNIT, 0 },
	{ "--short-names", OPT_SHORT_NAMES, 0 },
	{ "--sort", OPT_SORT, 1 },
	{ "--call-graph", OPT_CALL_GRAPH, 0 },
	{ "--callees", OPT_CALLEES, 1 },
	{ "--callers", OPT_CALLERS, 1 },
	{ "--metric", OPT_METRIC, 1 },
	{ "--help", OPT_HELP, 0 },
	{ "--version", OPT_VERSION, 0 },
};

static const char usage_text[] =
"Usage: " PROGRAM_NAME " [OPTION]... [FILE]...     (FILE: " DEFAULT_PROFILE
" if none)\n"
"  or:  " PROGRAM_NAME " --time [--repeat N] --label NAME -- CMD [ARG]...\n"
"Import profiles into SQLite; print, compare, query runs (docs/reporter.md).\n"
"  --db PATH          the database (default: " DEFAULT_DB ")\n"
"  --label NAME       name the runs imported or timed now\n"
"  --run ID|LABEL     the run to print (default: the last FILE's, else the\n"
"                     newest); :run in --sql.  --merge LABEL: all summed\n"
"  --runs             list the runs        --schema  print the schema\n"
"  --compare A B      two profiles, or a profile and a --time run\n"
"  --time             run CMD (--repeat N times) and record its times\n"
"  --sql QUERY        run SQL statements and print each result\n"
"  --format FORMAT    table (default), csv, json, gprof; a context-mode run:\n"
"                     folded (--metric ticks|calls|METRIC), pprof, callgrind\n"
"  --call-graph       gprof's call graph   --callees F, --callers F  paths\n"
"  --html FILE        write the flat profile or --compare as a web page\n"
"  --all              also cost centres never called nor sampled\n"
"  --sort KEY         time (default), calls, or a metric (alloc_bytes, ...)\n"
"  --limit N, --threshold PCT   the first N rows; rows of PCT% or more\n"
"  --by-unit          one row per unit for a function of several units\n"
"  --short-names      C++ names without parameters and template arguments\n"
"  --no-import        import nothing      --help, --version\n"
"FILE \"-\" is standard input.  All FILEs are imported in one transaction.\n"
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

/* A positive decimal integer no larger than MAX. */
static int parse_count(const char *value, int64_t max, int64_t *n)
{
	uint64_t v = 0;
	const char *s;

	if (!*value)
		return -1;
	for (s = value; *s; s++) {
		if (*s < '0' || *s > '9' || v > ((uint64_t)max - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v == 0 || v > (uint64_t)max)
		return -1;
	*n = (int64_t)v;
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
	else if (strcmp(value, "gprof") == 0)
		*format = FORMAT_GPROF;
	else if (strcmp(value, "folded") == 0)
		*format = FORMAT_FOLDED;
	else if (strcmp(value, "pprof") == 0)
		*format = FORMAT_PPROF;
	else if (strcmp(value, "callgrind") == 0)
		*format = FORMAT_CALLGRIND;
	else
		return -1;
	return 0;
}

static int parse_percent(const char *value, double *pct)
{
	char *end;

	errno = 0;
	*pct = strtod(value, &end);
	if (!*value || *end || errno || !(*pct >= 0 && *pct <= 100))
		return -1;
	return 0;
}

/* Options that choose what is printed exclude one another. */
static int set_action(struct report *r, enum action action,
		      const char *option)
{
	if (r->action_option && r->action != action)
		return diag_usage("options '%s' and '%s' cannot be combined",
				  r->action_option, option);
	r->action = action;
	r->action_option = option;
	return 0;
}

/* Apply option OPT with VALUES (none, one or two). */
static int apply_option(struct report *r, const struct option_spec *opt,
			const char *const *values)
{
	const char *value = values[0];
	int64_t n;

	switch (opt->id) {
	case OPT_DB:
		if (!*value)
			return diag_usage("option '--db' needs a file name");
		r->db_path = value;
		break;
	case OPT_RUN:
		if (runsel_check_ref(value, "--run") != 0)
			return EXIT_USAGE;
		r->run_ref = value;
		break;
	case OPT_MERGE:
		if (runsel_check_label(value, "--merge") != 0)
			return EXIT_USAGE;
		r->merge_label = value;
		break;
	case OPT_LABEL:
		if (runsel_check_label(value, "--label") != 0)
			return EXIT_USAGE;
		r->label = value;
		break;
	case OPT_SQL:
		r->sql = value;
		return set_action(r, ACTION_SQL, opt->name);
	case OPT_RUNS:
		return set_action(r, ACTION_RUNS, opt->name);
	case OPT_SCHEMA:
		return set_action(r, ACTION_SCHEMA, opt->name);
	case OPT_TIME:
		return set_action(r, ACTION_TIME, opt->name);
	case OPT_COMPARE:
		if (runsel_check_ref(values[0], "--compare") != 0
		    || runsel_check_ref(values[1], "--compare") != 0)
			return EXIT_USAGE;
		r->compare_ref[0] = values[0];
		r->compare_ref[1] = values[1];
		return set_action(r, ACTION_COMPARE, opt->name);
	case OPT_REPEAT:
		if (parse_count(value, MAX_REPEAT, &n) != 0)
			return diag_usage("invalid value '%s' for option "
					  "'--repeat' (expected 1 to %d)",
					  value, MAX_REPEAT);
		r->repeat = (long)n;
		break;
	case OPT_HTML:
		if (!*value)
			return diag_usage("option '--html' needs a file name");
		r->html_path = value;
		break;
	case OPT_FORMAT:
		if (parse_format(value, &r->format) != 0)
			return diag_usage("invalid value '%s' for option "
					  "'--format' (expected table, csv, "
					  "json, gprof, folded, pprof or "
					  "callgrind)", value);
		r->format_given = 1;
		break;
	case OPT_ALL:
		r->flat.all = 1;
		r->flat_option = r->flat_option ? r->flat_option : opt->name;
		break;
	case OPT_LIMIT:
		if (parse_count(value, INT64_MAX, &r->flat.limit) != 0)
			return diag_usage("invalid value '%s' for option "
					  "'--limit' (expected a positive "
					  "integer)", value);
		r->flat_option = r->flat_option ? r->flat_option : opt->name;
		break;
	case OPT_THRESHOLD:
		if (parse_percent(value, &r->flat.threshold) != 0)
			return diag_usage("invalid value '%s' for option "
					  "'--threshold' (expected a "
					  "percentage, 0 to 100)", value);
		r->threshold_given = 1;
		break;
	case OPT_BY_UNIT:
		r->flat.by_unit = 1;
		r->flat_option = r->flat_option ? r->flat_option : opt->name;
		break;
	case OPT_SHORT_NAMES:
		r->flat.short_names = 1;
		break;
	case OPT_SORT:
		if (!flat_sort_known(value))
			return diag_usage("invalid value '%s' for option "
					  "'--sort' (expected time, calls or "
					  "a metric: %s)", value,
					  flat_sort_metrics());
		r->flat.sort = value;
		r->flat_option = r->flat_option ? r->flat_option : opt->name;
		break;
	case OPT_CALL_GRAPH:
		return set_action(r, ACTION_CALL_GRAPH, opt->name);
	case OPT_CALLEES:
	case OPT_CALLERS:
		if (!*value)
			return diag_usage("option '%s' needs a function name",
					  opt->name);
		r->path_function = value;
		return set_action(r, opt->id == OPT_CALLEES ? ACTION_CALLEES
							    : ACTION_CALLERS,
				  opt->name);
	case OPT_METRIC:
		if (strcmp(value, "ticks") == 0)
			r->metric = CTX_VALUE_TICKS;
		else if (strcmp(value, "calls") == 0)
			r->metric = CTX_VALUE_CALLS;
		else if ((r->metric = metric_by_name(value)) < 0)
			return diag_usage("invalid value '%s' for option "
					  "'--metric' (expected ticks, calls "
					  "or a metric: %s)", value,
					  flat_sort_metrics());
		r->metric_option = value;
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
 * the last taking ARGV[*I + 1]; "--compare A B" takes two). */
static int parse_option(struct report *r, int argc, char **argv, int *i)
{
	const char *arg = argv[*i];
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct option_spec *opt = find_option(arg, len);
	const char *values[2] = { NULL, NULL };
	int k = 0;

	if (!opt)
		return diag_usage("unknown option '%.*s'", (int)len, arg);
	if (opt->n_values == 0 && eq)
		return diag_usage("option '%s' takes no value", opt->name);
	if (eq && opt->n_values > 0)
		values[k++] = eq + 1;
	for (; k < opt->n_values; k++) {
		if (*i + 1 >= argc)
			return diag_usage(opt->n_values == 1
					  ? "option '%s' needs a value"
					  : "option '%s' needs two values",
					  opt->name);
		values[k] = argv[++*i];
	}
	return apply_option(r, opt, values);
}

/* The actions that report on one run's calling contexts. */
static int is_context_action(enum action action)
{
	return action == ACTION_CALL_GRAPH || action == ACTION_CALLEES
	       || action == ACTION_CALLERS;
}

static int is_context_format(enum output_format format)
{
	return format == FORMAT_FOLDED || format == FORMAT_PPROF
	       || format == FORMAT_CALLGRIND;
}

static const char *format_name(enum output_format format)
{
	return format == FORMAT_FOLDED ? "folded"
	       : format == FORMAT_PPROF ? "pprof" : "callgrind";
}

/* The checks of the reports over contexts (check_args). */
static int check_context_args(struct report *r)
{
	int context_format = is_context_format(r->format);

	if (context_format && r->action != ACTION_FLAT)
		return diag_usage("--format %s writes a run's calling "
				  "contexts; it cannot be combined with '%s'",
				  format_name(r->format), r->action_option);
	if (context_format && r->merge_label)
		return diag_usage("--format %s writes one run's calling "
				  "contexts: it cannot be combined with "
				  "--merge", format_name(r->format));
	if (r->metric_option && r->format != FORMAT_FOLDED)
		return diag_usage("--metric chooses the value of --format "
				  "folded");
	if (r->flat_option && context_format)
		return diag_usage("'%s' chooses the rows of the flat profile "
				  "and of --compare, not of --format %s",
				  r->flat_option, format_name(r->format));
	if (r->flat_option && is_context_action(r->action))
		return diag_usage("'%s' chooses the rows of the flat profile "
				  "and of --compare, not of '%s'",
				  r->flat_option, r->action_option);
	if (r->threshold_given && context_format)
		return diag_usage("--format %s writes every context: "
				  "--threshold does not apply (it prunes "
				  "--call-graph, --callees and --callers)",
				  format_name(r->format));
	if (is_context_action(r->action) && r->format != FORMAT_TABLE
	    && r->format != FORMAT_CSV && r->format != FORMAT_JSON)
		return diag_usage("'%s' prints table, csv or json",
				  r->action_option);
	if (is_context_action(r->action) && r->html_path)
		return diag_usage("--html writes a flat profile or a "
				  "comparison, not the output of '%s' (the "
				  "page of a context-mode run has its flame "
				  "graph)", r->action_option);
	if (is_context_action(r->action) && r->merge_label)
		return diag_usage("--merge prints a flat profile: it cannot "
				  "be combined with '%s'", r->action_option);
	return 0;
}

/* What the options left unsaid, and the combinations that make no
 * sense. */
static int check_args(struct report *r)
{
	int wants_run = r->action == ACTION_FLAT || r->action == ACTION_SQL
			|| is_context_action(r->action);

	if (r->no_import && r->n_files > 0)
		return diag_usage("--no-import cannot be given with FILE "
				  "arguments");
	if (r->action == ACTION_TIME) {
		if (!r->command || !r->command[0])
			return diag_usage("--time needs a command after '--': "
					  "--time --label NAME -- CMD ARGS");
		if (!r->label)
			return diag_usage("--time needs --label NAME, the name "
					  "to compare it by");
	} else if (r->command) {
		return diag_usage("a command after '--' needs --time");
	} else if (r->repeat) {
		return diag_usage("--repeat needs --time");
	}
	if (r->run_ref && !wants_run)
		return diag_usage("--run cannot be combined with '%s'",
				  r->action_option);
	if (check_context_args(r) != 0)
		return EXIT_USAGE;
	if (r->merge_label && (r->action != ACTION_FLAT || r->run_ref))
		return diag_usage("--merge prints a flat profile: it cannot "
				  "be combined with '%s'",
				  r->run_ref ? "--run" : r->action_option);
	if (r->format == FORMAT_GPROF && r->action != ACTION_FLAT)
		return diag_usage("--format gprof is a flat profile's format; "
				  "'%s' prints table, csv or json",
				  r->action_option);
	if (r->html_path && r->action != ACTION_FLAT
	    && r->action != ACTION_COMPARE)
		return diag_usage("--html writes a flat profile or a "
				  "comparison, not the output of '%s'",
				  r->action_option);
	if (r->html_path && r->format_given)
		return diag_usage("--html and --format cannot be combined");
	if (r->action == ACTION_SCHEMA && r->n_files > 0)
		return diag_usage("--schema imports nothing: no FILE");
	if (r->n_files == 0 && !r->no_import
	    && (r->action == ACTION_FLAT || is_context_action(r->action))
	    && !r->run_ref && !r->merge_label)
		r->files[r->n_files++] = DEFAULT_PROFILE;
	return EXIT_OK;
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

		if (!only_files && strcmp(arg, "--") == 0
		    && r->action == ACTION_TIME) {
			r->command = &argv[i + 1];
			break;
		}
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
	if (r->action == ACTION_TIME && r->n_files > 0)
		return diag_usage("--time takes no FILE: put the command "
				  "after '--'");
	return check_args(r);
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

/* How long to wait for a database another process is writing:
 * CCPROF_REPORT_TIMEOUT seconds (0 to 86400), else 10.  -1 if the
 * variable's value is bad. */
static int busy_timeout_ms(void)
{
	const char *value = getenv("CCPROF_REPORT_TIMEOUT");
	char *end;
	double s;

	if (!value || !*value)
		return BUSY_TIMEOUT_S * 1000;
	errno = 0;
	s = strtod(value, &end);
	if (*end || errno || !(s >= 0 && s <= BUSY_TIMEOUT_MAX_S)) {
		diag_error("invalid value '%s' for CCPROF_REPORT_TIMEOUT "
			   "(expected seconds, 0 to %d)", value,
			   BUSY_TIMEOUT_MAX_S);
		return -1;
	}
	return (int)(s * 1000);
}

static int open_database(struct report *r)
{
	int timeout_ms = busy_timeout_ms();
	int flags = SQLITE_OPEN_READWRITE;
	struct stat st;

	if (timeout_ms < 0)
		return -1;
	if (r->n_files > 0 || r->action == ACTION_TIME) {
		flags |= SQLITE_OPEN_CREATE;
		r->created_db = stat(r->db_path, &st) != 0 && errno == ENOENT;
	} else if (stat(r->db_path, &st) != 0) {
		diag_file_error(r->db_path, "%s (import a profile first)",
				strerror(errno));
		return -1;
	}
	if (sqlite3_open_v2(r->db_path, &r->db, flags, NULL) != SQLITE_OK) {
		diag_file_error(r->db_path, "cannot open database: %s",
				r->db ? sqlite3_errmsg(r->db) : "out of memory");
		return -1;
	}
	sqlite3_busy_timeout(r->db, timeout_ms);
	sqlite3_exec(r->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	if (flat_query_register_functions(r->db) != 0) {
		diag_file_error(r->db_path, "cannot add SQL functions: %s",
				sqlite3_errmsg(r->db));
		return -1;
	}
	return 0;
}

/* The run chosen by --run, else the last file's, else the newest; 0
 * (with a message) when there is none, -1 on error. */
static int64_t chosen_run(struct report *r)
{
	int64_t run;

	if (r->run_ref)
		return runsel_resolve(r->db, r->db_path, r->run_ref, &run) == 0
			       ? run : -1;
	if (r->last_run)
		return r->last_run;
	run = runsel_newest(r->db, r->db_path);
	if (run == 0) {
		diag_file_error(r->db_path, "no runs in the database "
				"(import a profile first)");
		return -1;
	}
	return run;
}

static int print_flat(struct report *r)
{
	int64_t run = 0;
	int timed;

	if (r->merge_label) {
		if (runsel_select_label(r->db, r->db_path, r->merge_label)
		    != 0)
			return -1;
	} else {
		run = chosen_run(r);
		if (run < 0)
			return -1;
		timed = compare_is_timed(r->db, r->db_path, run);
		if (timed < 0)
			return -1;
		if (timed) {
			diag_file_error(r->db_path, "run %" PRId64 " was timed "
					"by --time: it has no flat profile "
					"(--compare a profile with it)", run);
			return -1;
		}
		if (runsel_select_run(r->db, r->db_path, run) != 0)
			return -1;
	}
	if (r->html_path)
		return html_write_flat(r->db, r->db_path, &r->flat,
				       r->html_path);
	if (r->format == FORMAT_FOLDED)
		return folded_print(r->db, r->db_path, run, r->metric,
				    &r->flat, stdout);
	if (r->format == FORMAT_CALLGRIND)
		return callgrind_print(r->db, r->db_path, run, &r->flat,
				       stdout);
	if (r->format == FORMAT_PPROF && isatty(STDOUT_FILENO)) {
		diag_error("--format pprof writes gzipped binary data: "
			   "redirect it to a file (> profile.pb.gz)");
		return -1;
	}
	if (r->format == FORMAT_PPROF)
		return pprof_write(r->db, r->db_path, run, &r->flat, stdout);
	return flat_print(r->db, r->db_path, &r->flat, r->merge_label,
			  r->format, stdout);
}

static int print_comparison(struct report *r)
{
	int64_t runs[2];
	int k;

	for (k = 0; k < 2; k++)
		if (runsel_resolve(r->db, r->db_path, r->compare_ref[k],
				   &runs[k]) != 0)
			return -1;
	if (r->html_path)
		return html_write_compare(r->db, r->db_path, &r->flat, runs[0],
					  runs[1], r->html_path);
	return compare_print(r->db, r->db_path, &r->flat, runs[0], runs[1],
			     r->format, stdout);
}

static int act(struct report *r)
{
	int64_t run;

	switch (r->action) {
	case ACTION_SQL:
		run = r->run_ref || r->last_run ? chosen_run(r)
						 : runsel_newest(r->db,
								 r->db_path);
		if (run < 0)
			return -1;
		return query_run(r->db, r->sql, r->format, run, stdout);
	case ACTION_RUNS:
		return runs_list_print(r->db, r->db_path, r->format, stdout);
	case ACTION_COMPARE:
		return print_comparison(r);
	case ACTION_TIME:
		return timecmd_record(r->db, r->db_path, r->command,
				      r->repeat ? r->repeat : 1, r->label,
				      stdout);
	case ACTION_CALL_GRAPH:
	case ACTION_CALLEES:
	case ACTION_CALLERS:
		run = chosen_run(r);
		if (run < 0)
			return -1;
		if (r->action == ACTION_CALL_GRAPH)
			return call_graph_print(r->db, r->db_path, run,
						&r->flat, r->format, stdout);
		return call_paths_print(r->db, r->db_path, run,
					r->path_function,
					r->action == ACTION_CALLERS, &r->flat,
					r->format, stdout);
	case ACTION_FLAT:
	default:		/* --schema was answered before */
		return print_flat(r);
	}
}

static int report(struct report *r)
{
	if (r->action == ACTION_SCHEMA) {
		schema_print(stdout);
		return 0;
	}
	if (read_profiles(r) != 0 || open_database(r) != 0)
		return -1;
	if (r->n_files > 0) {
		if (import_profiles(r->db, r->db_path, r->profiles, r->n_files,
				    r->label, &r->last_run) != 0)
			return -1;
	} else if (schema_ensure_alone(r->db, r->db_path) != 0) {
		return -1;
	}
	return act(r);
}

/* After a failed import: a database this run created that is still
 * empty (the first write failed: a full disk) is removed, so that no
 * 0-byte file is left behind, which the next run would take for a
 * database.  Not a file with anything in it: another process may have
 * created its schema meanwhile. */
static void remove_new_empty_database(struct report *r)
{
	struct stat st;

	if (r->created_db && stat(r->db_path, &st) == 0
	    && S_ISREG(st.st_mode) && st.st_size == 0)
		unlink(r->db_path);
}

/* After a failed --time: a database this run created holds no run (the
 * command could not start, failed or was killed, and nothing was
 * recorded), only the schema: it is removed, as after a failed import,
 * rather than left as an empty database the user never made.  Asked
 * while the database is still open; 1 if it is to be removed. */
static int new_database_holds_no_run(struct report *r)
{
	sqlite3_stmt *stmt;
	int none = 0;

	if (!r->created_db || r->action != ACTION_TIME || !r->db ||
	    sqlite3_prepare_v2(r->db, "SELECT count(*) FROM runs", -1, &stmt,
			       NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(stmt) == SQLITE_ROW)
		none = sqlite3_column_int64(stmt, 0) == 0;
	sqlite3_finalize(stmt);
	return none;
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

/* A reader that stops early (ccprof-report ... | head) ends the output:
 * the write fails with EPIPE (SIGPIPE is ignored so that the database is
 * closed properly), and the report ends quietly with status 0. */
static int output_closed(void)
{
	return ferror(stdout) && errno == EPIPE;
}

int main(int argc, char **argv)
{
	struct report r;
	int rc, remove_new;

	signal(SIGPIPE, SIG_IGN);
	memset(&r, 0, sizeof r);
	r.db_path = DEFAULT_DB;
	r.format = FORMAT_TABLE;
	r.metric = CTX_VALUE_TICKS;
	rc = parse_args(&r, argc, argv);
	if (rc == EXIT_OK && !r.done)
		rc = report(&r) == 0 ? EXIT_OK : EXIT_ERROR;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (output_closed()) {
			rc = rc == EXIT_ERROR ? EXIT_ERROR : EXIT_OK;
		} else {
			diag_error("error writing to standard output: %s",
				   strerror(errno));
			rc = EXIT_ERROR;
		}
	}
	remove_new = rc != EXIT_OK && new_database_holds_no_run(&r);
	release(&r);
	if (remove_new)
		unlink(r.db_path);
	else if (rc != EXIT_OK)
		remove_new_empty_database(&r);
	return rc;
}
