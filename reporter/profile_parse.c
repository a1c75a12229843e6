/*
 * profile_parse.c - reading and validating a ccprof.out file.
 *
 * Implements docs/format.md (version 6; version 5, which is version 6
 * without the context-mode records "ctx" and "ctx_metric"; version 4,
 * which is version 5 without the "events", "metric" and
 * "unprofiled_metric" records;
 * version 3, which is version 4 without the "processes" record and
 * the cc records' kind; version 2, which is version 3
 * without the "clock" record; and version 1, which is version 2 without
 * the "samples" record) exactly.  A file is read line by
 * line (line_reader.c); each line is split at TABs into a keyword and
 * its fields, the keyword picks a record kind from the table below
 * (expanded from runtime/ccprof_format.def, the format's one definition,
 * which the runtime's writer and merger expand too), and
 * that kind's function converts the fields into struct profile.  The
 * table also carries what the format fixes about each kind: how many
 * fields, where it may appear in the order of records, whether it
 * appears exactly once.
 *
 * Rejected, with "FILE:LINE: what is wrong" naming the record and field:
 * a first line other than "ccprof<TAB>6", "ccprof<TAB>5", "ccprof<TAB>4",
 * "ccprof<TAB>3",
 * "ccprof<TAB>2" or "ccprof<TAB>1"; a "samples" record in a version 1
 * file, or more samples than ticks; a "clock" record before version 3,
 * or a clock the format does not name; a "processes" record before
 * version 4, or a count of 0; a "cc" record of 8 fields before version 4
 * (its kind) or of 7 from version 4 on, or a kind the format does not
 * name; an "events" record before version 5, or an event the format does
 * not name; a "metric" record not right after its cost centre's, of an
 * unknown metric or one of an event "events" does not list, or repeated;
 * a "ctx" record before version 6, with id 0, a duplicated id, a parent
 * that is not 0 or an earlier ctx, an unknown cc, or a cost centre already
 * on its parent's path (recursion folds: no path repeats one), or whose
 * calls or ticks, summed over the contexts of a cost centre, exceed that
 * cost centre's; a "ctx_metric" record not right after its context's
 * "ctx" (or its other ctx_metric records), or bad as a "metric" is;
 * an unknown keyword; a wrong
 * number of fields; a non-numeric or out-of-range number (above
 * INT64_MAX, so that SQLite can hold it); calls or ticks of the cost
 * centres (and unprofiled) that add up to more than INT64_MAX, which
 * SQLite's sum() could not add, or to more than the 'ticks' total
 * (%time above 100); an unescaped control byte or a
 * bad escape in a string (also \x00, which no C string can hold); a
 * record out of order, repeated or missing; an argv index out of
 * sequence; a duplicated module or cc id; a cc naming a module not yet
 * defined; ids that are not 0..count-1; a missing "end", "end" counts
 * that disagree with the records; anything after "end"; a blank line, a
 * last line without LF, a line longer than 1 MiB.
 */
#include "profile.h"

#include "diag.h"
#include "idmap.h"
#include "line_reader.h"
#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FIELDS 9		/* keyword + the 8 fields of "cc", the widest */

/* Fields after the keyword, per record: NF_cc == 7. */
#define COUNT_FIELD(Type, Name, Display) +1
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	NF_##Keyword = 0 FIELDS(COUNT_FIELD),
enum {
#include "../runtime/ccprof_format.def"
};
#undef COUNT_FIELD
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	_Static_assert(1 + NF_##Keyword <= MAX_FIELDS, "MAX_FIELDS: " #Keyword);
#include "../runtime/ccprof_format.def"

#define MAX_SECONDS_DIGITS 15	/* integer digits in a decimal: < 1e15 s */
#define STDIN_NAME "<stdin>"	/* the file "-", in messages and runs.file */

struct parser;

/* One kind of record, as docs/format.md lists them. */
struct record_kind {
	const char *keyword;
	int n_fields;		/* fields after the keyword */
	int rank;		/* records appear in non-decreasing rank */
	int once;		/* exactly once per file */
	int (*parse)(struct parser *ps);
	const char *field_names[MAX_FIELDS - 1];
};

/* What the parser keeps of a ctx record beside struct profile_ctx. */
struct ctx_info {
	unsigned long line;
	size_t parent;		/* index in p->ctxs, or SIZE_MAX: the root */
};

struct parser {
	const char *name;	/* the file, for messages */
	struct line_reader lr;
	struct profile *p;
	char *field[MAX_FIELDS];	/* field[0] is the keyword */
	size_t field_len[MAX_FIELDS];
	int n_fields;		/* fields after the keyword, all counted */
	const struct record_kind *kind;	/* of the current line */
	const struct record_kind *last;	/* of the previous line */
	unsigned long *seen;	/* per kind: line of its first record, or 0 */
	struct idmap module_ids, cc_ids;
	int64_t max_module_id, max_cc_id;
	int64_t sum_calls, sum_ticks;	/* over the cc records so far */
	int64_t sum_metrics[N_METRICS];
	unsigned long max_module_line, max_cc_line;
	unsigned long last_cc_line, last_metric_line;
	size_t cap_argv, cap_modules, cap_ccs, cap_ctxs, cap_ctx_info;
	/* Context mode (format 6), set up at the first ctx record: */
	struct idmap ctx_index;	/* ctx id -> its index in p->ctxs, + 1 */
	struct ctx_info *ctx_info;	/* per ctx, parallel to p->ctxs */
	size_t *cc_index;	/* cc id -> its index in p->ccs */
	int64_t *cc_ctx_calls, *cc_ctx_ticks;	/* per cc index: sums */
	int64_t sum_ctx_metrics[N_METRICS];
	unsigned long last_ctx_line, last_ctx_metric_line;
};

#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	static int parse_##Keyword(struct parser *ps);
#include "../runtime/ccprof_format.def"

/* The records of runtime/ccprof_format.def, in its order. */
#define FIELD_NAME(Type, Name, Display) Display,
static const struct record_kind kinds[] = {
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	{ #Keyword, NF_##Keyword, Rank, Once, parse_##Keyword, \
	  { FIELDS(FIELD_NAME) } },
#include "../runtime/ccprof_format.def"
};
#undef FIELD_NAME

/* Indices into kinds[]: KIND_INDEX_cc. */
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) KIND_INDEX_##Keyword,
enum {
#include "../runtime/ccprof_format.def"
};

#define N_KINDS (sizeof kinds / sizeof kinds[0])
#define KIND_MAGIC (&kinds[KIND_INDEX_ccprof])
#define KIND_END (&kinds[KIND_INDEX_end])
#define KIND_TICKS (&kinds[KIND_INDEX_ticks])
#define KIND_SAMPLES (&kinds[KIND_INDEX_samples])
#define KIND_CLOCK (&kinds[KIND_INDEX_clock])
#define KIND_PROCESSES (&kinds[KIND_INDEX_processes])
#define KIND_CC (&kinds[KIND_INDEX_cc])
#define KIND_EVENTS (&kinds[KIND_INDEX_events])

/* ---- messages ---- */

static int fail_at(struct parser *ps, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(struct parser *ps, unsigned long line, const char *fmt, ...)
{
	FILE *out = diag_stream();
	va_list ap;

	fflush(stdout);
	fputs(PROGRAM_NAME ": ", out);
	text_put_display(out, ps->name, strlen(ps->name));
	fprintf(out, ":%lu: ", line);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
	return -1;
}

#define fail(ps, ...) fail_at((ps), (ps)->lr.lineno, __VA_ARGS__)

/* Field I of the current record, quoted for a message. */
static const char *quoted(struct parser *ps, int i, char *buf, size_t size)
{
	return text_quote(buf, size, ps->field[i], ps->field_len[i]);
}

/* Where field I is, for a message: "'calls' of 'cc' record", or just
 * "'pid' record" when the record has one field named as itself. */
static const char *where(struct parser *ps, int i, char *buf, size_t size)
{
	const char *name = ps->kind->field_names[i - 1];

	if (strcmp(name, ps->kind->keyword) == 0)
		snprintf(buf, size, "'%s' record", name);
	else
		snprintf(buf, size, "'%s' of '%s' record", name,
			 ps->kind->keyword);
	return buf;
}

/* ---- field conversions ---- */

static int field_integer(struct parser *ps, int i, int64_t *out)
{
	const char *s = ps->field[i];
	size_t n = ps->field_len[i], k;
	uint64_t value = 0;
	char q[64], w[64];

	if (n == 0)
		return fail(ps, "empty number for %s", where(ps, i, w, sizeof w));
	for (k = 0; k < n; k++) {
		unsigned digit = (unsigned char)s[k] - '0';

		if (digit > 9)
			return fail(ps, "bad number '%s' for %s",
				    quoted(ps, i, q, sizeof q),
				    where(ps, i, w, sizeof w));
		if (value > ((uint64_t)INT64_MAX - digit) / 10)
			return fail(ps, "number '%s' for %s is out of range "
				    "(above %lld)", quoted(ps, i, q, sizeof q),
				    where(ps, i, w, sizeof w),
				    (long long)INT64_MAX);
		value = value * 10 + digit;
	}
	*out = (int64_t)value;
	return 0;
}

/* A decimal of seconds: digits, optionally '.' and more digits. */
static int field_seconds(struct parser *ps, int i, double *out)
{
	const char *s = ps->field[i];
	size_t n = ps->field_len[i], k = 0, int_digits, frac_digits = 0;
	char q[64], w[64];

	while (k < n && s[k] >= '0' && s[k] <= '9')
		k++;
	int_digits = k;
	if (k < n && s[k] == '.') {
		for (k++; k < n && s[k] >= '0' && s[k] <= '9'; k++)
			frac_digits++;
		if (frac_digits == 0)
			k = n + 1;	/* "12." is malformed */
	}
	if (n == 0 || int_digits == 0 || k != n)
		return fail(ps, "bad decimal '%s' for %s",
			    quoted(ps, i, q, sizeof q), where(ps, i, w, sizeof w));
	if (int_digits > MAX_SECONDS_DIGITS)
		return fail(ps, "decimal '%s' for %s is out of range",
			    quoted(ps, i, q, sizeof q), where(ps, i, w, sizeof w));
	*out = strtod(s, NULL);	/* the field is NUL-terminated */
	return 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;		/* upper case is not what writers produce */
}

/* Decode field I's escapes into a new string. */
static int field_string(struct parser *ps, int i, char **out)
{
	const char *s = ps->field[i];
	size_t n = ps->field_len[i], k, len = 0;
	char *str = malloc(n + 1);
	char q[16], w[64];

	if (!str)
		return fail(ps, "out of memory");
	for (k = 0; k < n; k++) {
		int hi, lo;

		if (s[k] != '\\') {
			str[len++] = s[k];
			continue;
		}
		if (k + 1 < n && s[k + 1] == '\\') {
			str[len++] = '\\';
		} else if (k + 1 < n && s[k + 1] == 't') {
			str[len++] = '\t';
		} else if (k + 1 < n && s[k + 1] == 'n') {
			str[len++] = '\n';
		} else if (k + 1 < n && s[k + 1] == 'r') {
			str[len++] = '\r';
		} else if (k + 3 < n && s[k + 1] == 'x'
			   && (hi = hex_digit(s[k + 2])) >= 0
			   && (lo = hex_digit(s[k + 3])) >= 0
			   && (hi | lo) != 0) {
			str[len++] = (char)(hi << 4 | lo);
			k += 2;
		} else {
			/* show the backslash and what follows it: "\q",
			 * "\x4G", "\x00" */
			size_t rest = n - k - 1;
			size_t shown = k + 1 < n && s[k + 1] == 'x' ? 3 : 1;

			free(str);
			return fail(ps, "bad escape '\\%s' in %s",
				    text_quote(q, sizeof q, s + k + 1,
					       rest < shown ? rest : shown),
				    where(ps, i, w, sizeof w));
		}
		k++;
	}
	str[len] = '\0';
	*out = str;
	return 0;
}

/* Grow *ARRAY (of SIZE-byte elements) to hold COUNT + 1 elements. */
static int reserve(struct parser *ps, void **array, size_t *cap,
		   size_t count, size_t size)
{
	size_t new_cap;
	void *grown;

	if (count < *cap)
		return 0;
	new_cap = *cap ? *cap * 2 : 16;
	grown = realloc(*array, new_cap * size);
	if (!grown)
		return fail(ps, "out of memory");
	*array = grown;
	*cap = new_cap;
	return 0;
}

/* ---- records ---- */

static int parse_ccprof(struct parser *ps)
{
	char q[64];

	if (ps->field_len[1] != 1 || ps->field[1][0] < '0' + PROFILE_FORMAT_OLDEST
	    || ps->field[1][0] > '0' + PROFILE_FORMAT_VERSION)
		return fail(ps, "unsupported format version '%s' (this reader "
			    "knows versions %d to %d)",
			    quoted(ps, 1, q, sizeof q), PROFILE_FORMAT_OLDEST,
			    PROFILE_FORMAT_VERSION);
	ps->p->version = ps->field[1][0] - '0';
	return 0;
}

static int parse_program(struct parser *ps)
{
	return field_string(ps, 1, &ps->p->program);
}

static int parse_argv(struct parser *ps)
{
	_Static_assert(NF_argv == 2, "parse_argv converts 2 fields");
	struct profile *p = ps->p;
	int64_t index;

	if (field_integer(ps, 1, &index) != 0)
		return -1;
	if ((uint64_t)index != p->argc)
		return fail(ps, "argv index %lld out of sequence (expected %zu)",
			    (long long)index, p->argc);
	if (reserve(ps, (void **)&p->argv, &ps->cap_argv, p->argc,
		    sizeof *p->argv) != 0)
		return -1;
	if (field_string(ps, 2, &p->argv[p->argc]) != 0)
		return -1;
	p->argc++;
	return 0;
}

static int parse_pid(struct parser *ps)
{
	return field_integer(ps, 1, &ps->p->pid);
}

/* How many processes' counts the file holds: at least the writer's. */
static int parse_processes(struct parser *ps)
{
	if (ps->p->version < 4)
		return fail(ps, "'processes' record in a version %d profile "
			    "(it was added in version 4)", ps->p->version);
	if (field_integer(ps, 1, &ps->p->processes) != 0)
		return -1;
	if (ps->p->processes == 0)
		return fail(ps, "0 processes: a profile holds at least the "
			    "process that wrote it");
	return 0;
}

static int parse_start(struct parser *ps)
{
	return field_seconds(ps, 1, &ps->p->start);
}

static int parse_wall(struct parser *ps)
{
	return field_seconds(ps, 1, &ps->p->wall);
}

static int parse_user(struct parser *ps)
{
	return field_seconds(ps, 1, &ps->p->user);
}

static int parse_sys(struct parser *ps)
{
	return field_seconds(ps, 1, &ps->p->sys);
}

static int parse_hz(struct parser *ps)
{
	return field_integer(ps, 1, &ps->p->hz);
}

static int parse_ticks(struct parser *ps)
{
	return field_integer(ps, 1, &ps->p->ticks);
}

/* Each sample charges at least one tick, so there are never more. */
static int parse_samples(struct parser *ps)
{
	if (ps->p->version < 2)
		return fail(ps, "'samples' record in a version %d profile "
			    "(it was added in version 2)", ps->p->version);
	if (field_integer(ps, 1, &ps->p->samples) != 0)
		return -1;
	if (ps->seen[KIND_TICKS - kinds] && ps->p->samples > ps->p->ticks)
		return fail(ps, "%lld samples but only %lld ticks (line %lu): "
			    "each sample counts at least one tick",
			    (long long)ps->p->samples,
			    (long long)ps->p->ticks,
			    ps->seen[KIND_TICKS - kinds]);
	return 0;
}

/* The clock the samples measured (docs/format.md). */
static int parse_clock(struct parser *ps)
{
	static const char *const known[] = {
		"cpu-perf", "cpu-timer", "cpu-mixed", "wall", "mixed", "off",
	};
	char q[64];

	if (ps->p->version < 3)
		return fail(ps, "'clock' record in a version %d profile "
			    "(it was added in version 3)", ps->p->version);
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(ps->field[1], known[i]) == 0)
			return field_string(ps, 1, &ps->p->clock);
	return fail(ps, "unknown clock '%s' (cpu-perf, cpu-timer, cpu-mixed, "
		    "wall, mixed or off)", quoted(ps, 1, q, sizeof q));
}

static int add_to_sum(struct parser *ps, int i, int64_t value, int64_t *sum,
		      const char *what);

/* The events that were on: names joined by ',', or empty (version 5). */
static int parse_events(struct parser *ps)
{
	const char *bad;
	size_t bad_len;
	long mask;
	char q[64];

	_Static_assert(NF_events == 1, "parse_events converts 1 field");
	if (ps->p->version < 5)
		return fail(ps, "'events' record in a version %d profile "
			    "(it was added in version 5)", ps->p->version);
	mask = events_parse(ps->field[1], &bad, &bad_len);
	if (mask < 0)
		return fail(ps, "unknown event '%s' in 'events' record",
			    text_quote(q, sizeof q, bad, bad_len));
	ps->p->events = (unsigned)mask;
	return 0;
}

/* Field I names a metric of an event the events record lists; into *M. */
static int metric_field(struct parser *ps, int i, int *m)
{
	char q[64], w[64];

	*m = metric_by_name(ps->field[i]);
	if (*m < 0)
		return fail(ps, "unknown metric '%s' in %s",
			    quoted(ps, i, q, sizeof q),
			    where(ps, i, w, sizeof w));
	if (!ps->seen[KIND_EVENTS - kinds]
	    || !(ps->p->events & (1u << metric_event[*m])))
		return fail(ps, "metric '%s' of event '%s', which the 'events' "
			    "record does not list", metric_names[*m],
			    event_names[metric_event[*m]]);
	return 0;
}

static int metric_value(struct parser *ps, int i, int m, int64_t *slot,
			int64_t *sums)
{
	int64_t v;

	if (*slot)
		return fail(ps, "duplicate metric '%s'", metric_names[m]);
	if (field_integer(ps, i, &v) != 0
	    || add_to_sum(ps, i, v, &sums[m], metric_names[m]) != 0)
		return -1;
	*slot = v;
	return 0;
}

/* A metric of the cost centre of the "cc" record just before. */
static int parse_metric(struct parser *ps)
{
	struct profile_cc *cc;
	int64_t id;
	int m;

	_Static_assert(NF_metric == 3, "parse_metric converts 3 fields");
	if (field_integer(ps, 1, &id) != 0)
		return -1;
	if (!ps->p->n_ccs || (ps->last_cc_line != ps->lr.lineno - 1
			      && ps->last_metric_line != ps->lr.lineno - 1))
		return fail(ps, "'metric' record not after the 'cc' record "
			    "of its cost centre");
	cc = &ps->p->ccs[ps->p->n_ccs - 1];
	if (id != cc->id)
		return fail(ps, "'metric' record for cc %lld follows cc %lld",
			    (long long)id, (long long)cc->id);
	ps->last_metric_line = ps->lr.lineno;
	if (metric_field(ps, 2, &m) != 0)
		return -1;
	return metric_value(ps, 3, m, &cc->metrics[m], ps->sum_metrics);
}

static int parse_unprofiled_metric(struct parser *ps)
{
	int m;

	_Static_assert(NF_unprofiled_metric == 2,
		       "parse_unprofiled_metric converts 2 fields");
	if (metric_field(ps, 1, &m) != 0)
		return -1;
	return metric_value(ps, 2, m, &ps->p->unprofiled_metrics[m],
			    ps->sum_metrics);
}

static int parse_status(struct parser *ps)
{
	char q[64];

	if (strcmp(ps->field[1], "complete") == 0)
		ps->p->incomplete = 0;
	else if (strcmp(ps->field[1], "incomplete") == 0)
		ps->p->incomplete = 1;
	else
		return fail(ps, "bad status '%s' (expected 'complete' or "
			    "'incomplete')", quoted(ps, 1, q, sizeof q));
	return 0;
}

/* Record ID of the current line in MAP; reject a duplicate. */
static int add_id(struct parser *ps, struct idmap *map, int64_t id,
		  int64_t *max_id, unsigned long *max_line)
{
	unsigned long first = idmap_find(map, id);

	if (first)
		return fail(ps, "duplicate %s id %lld (first at line %lu)",
			    ps->kind->keyword, (long long)id, first);
	if (idmap_add(map, id, ps->lr.lineno) != 0)
		return fail(ps, "out of memory");
	if (id > *max_id) {
		*max_id = id;
		*max_line = ps->lr.lineno;
	}
	return 0;
}

static int parse_module(struct parser *ps)
{
	_Static_assert(NF_module == 4, "parse_module converts 4 fields");
	struct profile *p = ps->p;
	struct profile_module *m;

	if (reserve(ps, (void **)&p->modules, &ps->cap_modules, p->n_modules,
		    sizeof *p->modules) != 0)
		return -1;
	m = &p->modules[p->n_modules];
	memset(m, 0, sizeof *m);
	if (field_integer(ps, 1, &m->id) != 0
	    || add_id(ps, &ps->module_ids, m->id, &ps->max_module_id,
		      &ps->max_module_line) != 0)
		return -1;
	p->n_modules++;		/* from here on, profile_free frees it */
	if (field_string(ps, 2, &m->compiler) != 0
	    || field_string(ps, 3, &m->options) != 0
	    || field_string(ps, 4, &m->source) != 0)
		return -1;
	return 0;
}

/* Add VALUE (field I) to *SUM, which must stay a 64-bit integer: SQLite's
 * sum() (the flat_by_name and compare views) fails beyond that, and no
 * real profile comes near it. */
static int add_to_sum(struct parser *ps, int i, int64_t value, int64_t *sum,
		      const char *what)
{
	char w[64];

	if (value > INT64_MAX - *sum)
		return fail(ps, "%s: %s add up to more than %lld",
			    where(ps, i, w, sizeof w), what,
			    (long long)INT64_MAX);
	*sum += value;
	return 0;
}

/* The ticks of the cost centres and unprofiled are part of the 'ticks'
 * total (which came before them): never more. */
static int check_ticks_within_total(struct parser *ps, int i,
				    const char *what)
{
	char w[64];

	if (ps->sum_ticks <= ps->p->ticks)
		return 0;
	return fail(ps, "%s: %s add up to %lld, more than the 'ticks' total "
		    "%lld (line %lu)", where(ps, i, w, sizeof w), what,
		    (long long)ps->sum_ticks, (long long)ps->p->ticks,
		    ps->seen[KIND_TICKS - kinds]);
}

/* The kinds of cost centre, as runtime/ccprof_abi.def names them;
 * [0] is "function". */
static const char *const cc_kinds[] = {
#define CCPROF_ABI_CC_KIND(Id, Value, Name) Name,
#include "../runtime/ccprof_abi.def"
};

static int parse_cc(struct parser *ps)
{
	_Static_assert(NF_cc == 8, "parse_cc converts 8 fields");
	struct profile *p = ps->p;
	struct profile_cc *cc;
	char q[64];

	if (reserve(ps, (void **)&p->ccs, &ps->cap_ccs, p->n_ccs,
		    sizeof *p->ccs) != 0)
		return -1;
	cc = &p->ccs[p->n_ccs];
	memset(cc, 0, sizeof *cc);
	if (field_integer(ps, 1, &cc->id) != 0
	    || add_id(ps, &ps->cc_ids, cc->id, &ps->max_cc_id,
		      &ps->max_cc_line) != 0)
		return -1;
	p->n_ccs++;
	ps->last_cc_line = ps->lr.lineno;
	if (field_integer(ps, 2, &cc->module) != 0
	    || field_integer(ps, 3, &cc->calls) != 0
	    || field_integer(ps, 4, &cc->ticks) != 0
	    || field_integer(ps, 5, &cc->line) != 0)
		return -1;
	if (add_to_sum(ps, 3, cc->calls, &ps->sum_calls,
		       "the calls of the cost centres") != 0
	    || add_to_sum(ps, 4, cc->ticks, &ps->sum_ticks,
			  "the ticks of the cost centres") != 0
	    || check_ticks_within_total(ps, 4,
					"the ticks of the cost centres") != 0)
		return -1;
	if (!idmap_find(&ps->module_ids, cc->module))
		return fail(ps, "cc %lld names unknown module %lld",
			    (long long)cc->id, (long long)cc->module);
	if (field_string(ps, 6, &cc->symbol) != 0
	    || field_string(ps, 7, &cc->file) != 0)
		return -1;
	cc->kind = cc_kinds[0];
	if (p->version < 4)
		return 0;
	for (size_t k = 0; k < sizeof cc_kinds / sizeof cc_kinds[0]; k++)
		if (strcmp(ps->field[8], cc_kinds[k]) == 0) {
			cc->kind = cc_kinds[k];
			return 0;
		}
	return fail(ps, "unknown kind '%s' of 'cc' record (function, "
		    "anonymous, scc or module)", quoted(ps, 8, q, sizeof q));
}

/* ---- context mode (format 6) ---- */

static int check_ids_dense(struct parser *ps, const char *what, size_t count,
			   int64_t max_id, unsigned long max_line);

/* At the first ctx record (every cc record came before it): the cost
 * centres by id, and their contexts' sums. */
static int start_contexts(struct parser *ps)
{
	size_t n = ps->p->n_ccs, i;

	if (check_ids_dense(ps, "cc", n, ps->max_cc_id, ps->max_cc_line) != 0)
		return -1;
	ps->cc_index = calloc(n ? n : 1, sizeof *ps->cc_index);
	ps->cc_ctx_calls = calloc(n ? n : 1, sizeof *ps->cc_ctx_calls);
	ps->cc_ctx_ticks = calloc(n ? n : 1, sizeof *ps->cc_ctx_ticks);
	if (!ps->cc_index || !ps->cc_ctx_calls || !ps->cc_ctx_ticks)
		return fail(ps, "out of memory");
	for (i = 0; i < n; i++)
		ps->cc_index[ps->p->ccs[i].id] = i;
	return 0;
}

/* Add field I, VALUE, to the contexts' SUM for a cost centre whose own
 * record says TOTAL: never more. */
static int add_within_cc(struct parser *ps, int i, int64_t value,
			 int64_t *sum, int64_t total, const char *what,
			 const struct profile_cc *cc)
{
	char w[64];

	if (value > total - *sum)
		return fail(ps, "%s: the %s of the contexts of cc %lld add up "
			    "to more than its 'cc' record's %lld",
			    where(ps, i, w, sizeof w), what, (long long)cc->id,
			    (long long)total);
	*sum += value;
	return 0;
}

static int parse_ctx(struct parser *ps)
{
	_Static_assert(NF_ctx == 5, "parse_ctx converts 5 fields");
	struct profile *p = ps->p;
	struct profile_ctx *x;
	size_t index = p->n_ctxs, parent = SIZE_MAX, cc_at, k;
	unsigned long first;

	if (p->version < 6)
		return fail(ps, "'ctx' record in a version %d profile (it was "
			    "added in version 6)", p->version);
	if (!p->n_ctxs && start_contexts(ps) != 0)
		return -1;
	if (reserve(ps, (void **)&p->ctxs, &ps->cap_ctxs, p->n_ctxs,
		    sizeof *p->ctxs) != 0
	    || reserve(ps, (void **)&ps->ctx_info, &ps->cap_ctx_info,
		       p->n_ctxs, sizeof *ps->ctx_info) != 0)
		return -1;
	x = &p->ctxs[index];
	memset(x, 0, sizeof *x);
	if (field_integer(ps, 1, &x->id) != 0
	    || field_integer(ps, 2, &x->parent) != 0
	    || field_integer(ps, 3, &x->cc) != 0
	    || field_integer(ps, 4, &x->calls) != 0
	    || field_integer(ps, 5, &x->ticks) != 0)
		return -1;
	if (x->id == 0)
		return fail(ps, "ctx id 0 (ids count from 1; 0 is the root)");
	first = idmap_find(&ps->ctx_index, x->id);
	if (first)
		return fail(ps, "duplicate ctx id %lld (first at line %lu)",
			    (long long)x->id, ps->ctx_info[first - 1].line);
	if (x->parent != 0) {
		unsigned long at = idmap_find(&ps->ctx_index, x->parent);

		if (!at)
			return fail(ps, "ctx %lld names parent %lld, which is "
				    "not an earlier ctx (nor 0, the root)",
				    (long long)x->id, (long long)x->parent);
		parent = at - 1;
	}
	if (x->cc < 0 || (uint64_t)x->cc >= p->n_ccs)
		return fail(ps, "ctx %lld names unknown cc %lld",
			    (long long)x->id, (long long)x->cc);
	for (k = parent; k != SIZE_MAX; k = ps->ctx_info[k].parent)
		if (p->ctxs[k].cc == x->cc)
			return fail(ps, "ctx %lld: cc %lld is already on its "
				    "path (ctx %lld, line %lu); recursion "
				    "folds, so no path repeats a cost centre",
				    (long long)x->id, (long long)x->cc,
				    (long long)p->ctxs[k].id,
				    ps->ctx_info[k].line);
	cc_at = ps->cc_index[x->cc];
	if (add_within_cc(ps, 4, x->calls, &ps->cc_ctx_calls[cc_at],
			  p->ccs[cc_at].calls, "calls", &p->ccs[cc_at]) != 0
	    || add_within_cc(ps, 5, x->ticks, &ps->cc_ctx_ticks[cc_at],
			     p->ccs[cc_at].ticks, "ticks",
			     &p->ccs[cc_at]) != 0)
		return -1;
	if (idmap_add(&ps->ctx_index, x->id, index + 1) != 0)
		return fail(ps, "out of memory");
	ps->ctx_info[index].line = ps->lr.lineno;
	ps->ctx_info[index].parent = parent;
	ps->last_ctx_line = ps->lr.lineno;
	p->n_ctxs++;
	return 0;
}

/* A metric of the context of the "ctx" record just before. */
static int parse_ctx_metric(struct parser *ps)
{
	struct profile_ctx *x;
	int64_t id;
	int m;

	_Static_assert(NF_ctx_metric == 3, "parse_ctx_metric converts 3 "
		       "fields");
	if (field_integer(ps, 1, &id) != 0)
		return -1;
	if (!ps->p->n_ctxs || (ps->last_ctx_line != ps->lr.lineno - 1
			       && ps->last_ctx_metric_line
					  != ps->lr.lineno - 1))
		return fail(ps, "'ctx_metric' record not after the 'ctx' "
			    "record of its context");
	x = &ps->p->ctxs[ps->p->n_ctxs - 1];
	if (id != x->id)
		return fail(ps, "'ctx_metric' record for ctx %lld follows ctx "
			    "%lld", (long long)id, (long long)x->id);
	ps->last_ctx_metric_line = ps->lr.lineno;
	if (metric_field(ps, 2, &m) != 0)
		return -1;
	return metric_value(ps, 3, m, &x->metrics[m], ps->sum_ctx_metrics);
}

static int parse_unprofiled(struct parser *ps)
{
	if (field_integer(ps, 1, &ps->p->unprofiled) != 0)
		return -1;
	if (add_to_sum(ps, 1, ps->p->unprofiled, &ps->sum_ticks,
		       "the ticks of the cost centres and unprofiled") != 0)
		return -1;
	return check_ticks_within_total(ps, 1, "the ticks of the cost "
					"centres and unprofiled");
}

/* Every record that must appear once has appeared before "end". */
static int check_complete(struct parser *ps)
{
	size_t k;

	for (k = 0; k < N_KINDS; k++)
		if (kinds[k].once && &kinds[k] != KIND_END && !ps->seen[k]
		    && !(&kinds[k] == KIND_SAMPLES && ps->p->version < 2)
		    && !(&kinds[k] == KIND_CLOCK && ps->p->version < 3)
		    && !(&kinds[k] == KIND_PROCESSES && ps->p->version < 4)
		    && !(&kinds[k] == KIND_EVENTS && ps->p->version < 5))
			return fail(ps, "missing '%s' record before 'end'",
				    kinds[k].keyword);
	return 0;
}

/* The COUNT records of WHAT have ids 0..COUNT-1: with duplicates
 * rejected, it is enough that the largest id is below COUNT. */
static int check_ids_dense(struct parser *ps, const char *what, size_t count,
			   int64_t max_id, unsigned long max_line)
{
	if (count > 0 && (uint64_t)max_id >= count)
		return fail(ps, "%s ids must count from 0 to %zu, but line %lu "
			    "has id %lld", what, count - 1, max_line,
			    (long long)max_id);
	return 0;
}

static int parse_end(struct parser *ps)
{
	_Static_assert(NF_end == 2, "parse_end converts 2 fields");
	struct profile *p = ps->p;
	int64_t n_modules, n_ccs;

	if (field_integer(ps, 1, &n_modules) != 0
	    || field_integer(ps, 2, &n_ccs) != 0)
		return -1;
	if (check_complete(ps) != 0)
		return -1;
	if ((uint64_t)n_modules != p->n_modules)
		return fail(ps, "'end' counts %lld modules, but the file has %zu",
			    (long long)n_modules, p->n_modules);
	if ((uint64_t)n_ccs != p->n_ccs)
		return fail(ps, "'end' counts %lld cost centres (cc), but the "
			    "file has %zu", (long long)n_ccs, p->n_ccs);
	if (check_ids_dense(ps, "module", p->n_modules, ps->max_module_id,
			    ps->max_module_line) != 0
	    || check_ids_dense(ps, "cc", p->n_ccs, ps->max_cc_id,
			       ps->max_cc_line) != 0)
		return -1;
	return 0;
}

/* ---- lines ---- */

/* Split the current line at TABs, in place. */
static void split_fields(struct parser *ps)
{
	char *s = ps->lr.buf, *end = s + ps->lr.len;
	int n = 0;

	ps->field[0] = s;
	for (; s < end; s++) {
		if (*s != '\t')
			continue;
		*s = '\0';
		if (n + 1 < MAX_FIELDS) {
			ps->field_len[n] = (size_t)(s - ps->field[n]);
			ps->field[n + 1] = s + 1;
		}
		n++;
	}
	if (n < MAX_FIELDS)
		ps->field_len[n] = (size_t)(end - ps->field[n]);
	ps->n_fields = n;
}

static const struct record_kind *find_kind(const char *keyword, size_t len)
{
	size_t k;

	for (k = 0; k < N_KINDS; k++)
		if (strlen(kinds[k].keyword) == len
		    && memcmp(kinds[k].keyword, keyword, len) == 0)
			return &kinds[k];
	return NULL;
}

/* A cc record of version 1 to 3 has no kind: one field fewer. */
static int check_field_count(struct parser *ps)
{
	const struct record_kind *kind = ps->kind;
	int expected = kind->n_fields
		       - (kind == KIND_CC && ps->p->version < 4);
	char names[160] = "";
	int i;

	if (ps->n_fields == expected)
		return 0;
	for (i = 0; i < expected; i++) {
		if (i)
			strcat(names, ", ");
		strcat(names, kind->field_names[i]);
	}
	return fail(ps, "'%s' record has %d field%s, expected %d (%s)",
		    kind->keyword, ps->n_fields, ps->n_fields == 1 ? "" : "s",
		    expected, names);
}

static int check_no_control_bytes(struct parser *ps)
{
	char w[64];
	int i;
	size_t k;

	for (i = 1; i <= ps->n_fields; i++)
		for (k = 0; k < ps->field_len[i]; k++) {
			unsigned char c = (unsigned char)ps->field[i][k];

			if (c < 0x20 || c == 0x7f)
				return fail(ps, "unescaped control byte 0x%02x "
					    "in %s", c,
					    where(ps, i, w, sizeof w));
		}
	return 0;
}

static int check_order(struct parser *ps)
{
	size_t index = (size_t)(ps->kind - kinds);

	if (ps->kind->once && ps->seen[index])
		return fail(ps, "duplicate '%s' record (first at line %lu)",
			    ps->kind->keyword, ps->seen[index]);
	if (ps->last && ps->kind->rank < ps->last->rank)
		return fail(ps, "'%s' record out of order: it must come before "
			    "'%s'", ps->kind->keyword, ps->last->keyword);
	if (!ps->seen[index])
		ps->seen[index] = ps->lr.lineno;
	return 0;
}

static int parse_record(struct parser *ps)
{
	char q[64];

	if (ps->lr.len == 0)
		return fail(ps, "empty line (blank lines are not allowed)");
	split_fields(ps);
	ps->kind = find_kind(ps->field[0], ps->field_len[0]);
	if (ps->lr.lineno == 1 && ps->kind != KIND_MAGIC)
		return fail(ps, "not a ccprof profile: the first line must be "
			    "'ccprof<TAB>VERSION' (%d to %d)",
			    PROFILE_FORMAT_OLDEST, PROFILE_FORMAT_VERSION);
	if (!ps->kind)
		return fail(ps, "unknown keyword '%s'",
			    text_quote(q, sizeof q, ps->field[0],
				       ps->field_len[0]));
	if (check_field_count(ps) != 0 || check_no_control_bytes(ps) != 0
	    || check_order(ps) != 0)
		return -1;
	ps->last = ps->kind;
	return ps->kind->parse(ps);
}

/* The first line ended without LF, or is too long: a profile cut inside
 * its first line, if what there is begins as a profile does; otherwise
 * some other file (gzip, an executable, a text without newlines). */
static int first_line_not_profile(struct parser *ps)
{
	static const char magic[] = "ccprof\t";
	size_t n = ps->lr.len < sizeof magic - 1 ? ps->lr.len
						 : sizeof magic - 1;

	return ps->lr.lineno == 1 && memcmp(ps->lr.buf, magic, n) != 0;
}

static int read_failure(struct parser *ps, enum line_status status)
{
	if ((status == LINE_NO_NEWLINE || status == LINE_TOO_LONG)
	    && first_line_not_profile(ps))
		return fail(ps, "not a ccprof profile: the first line must be "
			    "'ccprof<TAB>VERSION' (%d to %d)",
			    PROFILE_FORMAT_OLDEST, PROFILE_FORMAT_VERSION);
	switch (status) {
	case LINE_NO_NEWLINE:
		return fail(ps, "last line has no newline (file truncated?)");
	case LINE_TOO_LONG:
		return fail(ps, "line longer than %d bytes",
			    LINE_READER_MAX);
	case LINE_READ_ERROR:
		return fail(ps, "read error: %s", strerror(errno));
	case LINE_NO_MEMORY:
		return fail(ps, "out of memory");
	default:
		return fail(ps, "cannot read line");
	}
}

static int parse_lines(struct parser *ps)
{
	enum line_status status;

	while ((status = line_reader_next(&ps->lr)) == LINE_OK) {
		if (parse_record(ps) != 0)
			return -1;
		if (ps->kind == KIND_END)
			break;
	}
	if (status == LINE_EOF) {
		if (ps->lr.lineno == 0)
			return fail_at(ps, 1, "empty file, not a ccprof profile");
		return fail(ps, "missing 'end' record (file truncated?)");
	}
	if (status != LINE_OK)
		return read_failure(ps, status);
	status = line_reader_next(&ps->lr);
	if (status == LINE_OK || status == LINE_NO_NEWLINE
	    || status == LINE_TOO_LONG)
		return fail(ps, "data after 'end' record");
	if (status != LINE_EOF)
		return read_failure(ps, status);
	return 0;
}

/* ---- the file ---- */

static FILE *open_input(const char *path)
{
	struct stat st;
	FILE *in;

	if (strcmp(path, "-") == 0)
		return stdin;
	in = fopen(path, "r");
	if (!in) {
		diag_file_error(path, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
		diag_file_error(path, "is a directory");
		fclose(in);
		return NULL;
	}
	return in;
}

int profile_read(const char *path, struct profile *p)
{
	FILE *in;
	int rc;

	memset(p, 0, sizeof *p);
	in = open_input(path);
	if (!in)
		return -1;
	rc = profile_read_stream(in, in == stdin ? STDIN_NAME : path, p);
	if (in != stdin)
		fclose(in);
	return rc;
}

int profile_read_stream(FILE *in, const char *name, struct profile *p)
{
	unsigned long seen[N_KINDS] = { 0 };
	struct parser ps;
	int rc;

	memset(p, 0, sizeof *p);
	p->samples = -1;	/* until a "samples" record says */
	p->processes = -1;	/* until a "processes" record says */
	memset(&ps, 0, sizeof ps);
	ps.name = name;
	ps.p = p;
	ps.seen = seen;
	ps.max_module_id = ps.max_cc_id = -1;
	idmap_init(&ps.module_ids);
	idmap_init(&ps.cc_ids);
	idmap_init(&ps.ctx_index);
	line_reader_init(&ps.lr, in);

	rc = parse_lines(&ps);
	p->digest = ps.lr.digest;
	p->path = strdup(ps.name);
	if (rc == 0 && !p->path)
		rc = fail(&ps, "out of memory");

	line_reader_free(&ps.lr);
	idmap_free(&ps.module_ids);
	idmap_free(&ps.cc_ids);
	idmap_free(&ps.ctx_index);
	free(ps.ctx_info);
	free(ps.cc_index);
	free(ps.cc_ctx_calls);
	free(ps.cc_ctx_ticks);
	if (rc != 0)
		profile_free(p);
	return rc;
}

void profile_free(struct profile *p)
{
	size_t i;

	for (i = 0; i < p->argc; i++)
		free(p->argv[i]);
	for (i = 0; i < p->n_modules; i++) {
		free(p->modules[i].compiler);
		free(p->modules[i].options);
		free(p->modules[i].source);
	}
	for (i = 0; i < p->n_ccs; i++) {
		free(p->ccs[i].symbol);
		free(p->ccs[i].file);
	}
	free(p->path);
	free(p->program);
	free(p->clock);
	free(p->argv);
	free(p->modules);
	free(p->ccs);
	free(p->ctxs);
	memset(p, 0, sizeof *p);
}
