/*
 * profile_parse_fuzzer.c - libFuzzer target: ccprof-report on hostile
 * profiles.
 *
 * Each input is read as a ccprof.out file (profile_read_stream, from
 * memory).  Beyond "no crash, no leak, no undefined behaviour" (ASan,
 * UBSan), it checks what docs/reporter.md promises:
 *
 *   - a rejected input gets exactly one diagnostic, one line,
 *     "ccprof-report: fuzz.out:LINE: WHAT", LINE between 1 and the
 *     number of lines (+ 1 for a last line without LF), and no control
 *     byte or invalid UTF-8 in it;
 *   - an accepted input starts with "ccprof<TAB>N<LF>", N a version the
 *     reader knows, and ends with LF;
 *     it is imported into an in-memory database, and the flat profile and
 *     every table printed as a table (what a terminal shows) hold no byte
 *     below 0x20 but LF, no DEL, and only valid UTF-8 without C1 or
 *     bidirectional controls; the csv and json outputs run too;
 *   - importing the same input again is skipped as the same run.
 *
 * A broken promise is reported on stderr and abort()s, which libFuzzer
 * records as a crash.  Build and use: docs/fuzzing.md.
 */
#include "diag.h"
#include "flat.h"
#include "import.h"
#include "output.h"
#include "profile.h"
#include "runsel.h"
#include "text.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INPUT_NAME "fuzz.out"
#define DB_NAME ":memory:"

static const char *const table_queries[] = {
	"SELECT * FROM runs",
	"SELECT * FROM run_args",
	"SELECT * FROM modules",
	"SELECT * FROM cost_centres",
	"SELECT * FROM compare",
	"SELECT * FROM run_summary",
};

static void broken(const char *promise, const char *text, size_t len)
{
	fprintf(stderr, "profile_parse_fuzzer: broken promise: %s\n", promise);
	if (text) {
		fputs("--- text:\n", stderr);
		fwrite(text, 1, len, stderr);
		fputs("\n---\n", stderr);
	}
	abort();
}

/* Memory streams: open_memstream's buffer is valid after fclose. */
struct capture {
	FILE *f;
	char *buf;
	size_t len;
};

static void capture_open(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	if (!c->f)
		abort();
}

static void capture_close(struct capture *c)
{
	fclose(c->f);
	c->f = NULL;
}

/* What a terminal may be shown: LF, printable ASCII, valid UTF-8 that is
 * not a C1 or bidirectional control (independent of text.c's list). */
static int is_terminal_safe(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < n) {
		uint32_t cp;
		size_t len = text_utf8_sequence(s + i, n - i, &cp);

		if (len == 0)
			return 0;
		if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp <= 0x9f)
		    || cp == 0x200e || cp == 0x200f
		    || (cp >= 0x202a && cp <= 0x202e)
		    || (cp >= 0x2066 && cp <= 0x2069)
		    || cp == 0x2028 || cp == 0x2029)
			return 0;
		i += len;
	}
	return 1;
}

static size_t count_lines(const uint8_t *data, size_t size)
{
	size_t i, lines = 0;

	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (size > 0 && data[size - 1] != '\n')
		lines++;
	return lines;
}

/* "ccprof-report: fuzz.out:LINE: WHAT\n", and nothing else. */
static void check_diagnostic(const struct capture *err, const uint8_t *data,
			     size_t size)
{
	static const char prefix[] = PROGRAM_NAME ": " INPUT_NAME ":";
	const char *p = err->buf + sizeof prefix - 1;
	unsigned long line = 0;

	if (err->len < sizeof prefix || memcmp(err->buf, prefix,
					       sizeof prefix - 1) != 0)
		broken("a rejected profile gets 'FILE:LINE: ' first",
		       err->buf, err->len);
	if (memchr(err->buf, '\n', err->len) != err->buf + err->len - 1)
		broken("exactly one diagnostic line", err->buf, err->len);
	if (!is_terminal_safe(err->buf, err->len))
		broken("a diagnostic is safe for a terminal", err->buf,
		       err->len);
	while (*p >= '0' && *p <= '9' && line < 1000000000UL)
		line = line * 10 + (unsigned long)(*p++ - '0');
	if (p[0] != ':' || p[1] != ' ' || p[2] == '\n')
		broken("'FILE:LINE: ' is followed by what is wrong", err->buf,
		       err->len);
	if (line < 1 || line > count_lines(data, size) + 1)
		broken("LINE is a line of the file", err->buf, err->len);
}

static void check_output(const struct capture *out, const char *what)
{
	if (!is_terminal_safe(out->buf, out->len))
		broken(what, out->buf, out->len);
}

static void print_tables(sqlite3 *db, int64_t run)
{
	struct capture out;
	size_t i;
	int format;
	struct flat_options all;

	memset(&all, 0, sizeof all);
	all.all = 1;
	if (runsel_select_run(db, DB_NAME, run) != 0)
		broken("an imported run can be selected", NULL, 0);
	for (format = FORMAT_TABLE; format <= FORMAT_GPROF; format++) {
		capture_open(&out);
		if (flat_print(db, DB_NAME, &all, NULL,
			       (enum output_format)format, out.f) != 0)
			broken("the flat profile of an imported run prints",
			       NULL, 0);
		capture_close(&out);
		if (format != FORMAT_CSV)	/* CSV is data, raw */
			check_output(&out, "the flat profile (table, json) is "
				     "safe for a terminal");
		free(out.buf);
	}
	for (i = 0; i < sizeof table_queries / sizeof table_queries[0]; i++) {
		sqlite3_stmt *stmt;

		if (sqlite3_prepare_v2(db, table_queries[i], -1, &stmt, NULL)
		    != SQLITE_OK)
			broken("the tables and views exist", table_queries[i],
			       strlen(table_queries[i]));
		capture_open(&out);
		if (output_rows(stmt, FORMAT_TABLE, out.f) != SQLITE_DONE)
			broken("every table and view of an imported run reads",
			       sqlite3_errmsg(db), strlen(sqlite3_errmsg(db)));
		capture_close(&out);
		sqlite3_finalize(stmt);
		check_output(&out, "--sql table output is safe for a terminal");
		free(out.buf);
	}
}

static void import_twice(const struct profile *p)
{
	struct capture err;
	int64_t run = 0, again = 0;
	sqlite3 *db;

	if (sqlite3_open(DB_NAME, &db) != SQLITE_OK)
		abort();
	sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	capture_open(&err);
	diag_set_stream(err.f);
	if (import_profiles(db, DB_NAME, p, 1, NULL, &run) != 0 || run != 1)
		broken("an accepted profile is imported", NULL, 0);
	if (import_profiles(db, DB_NAME, p, 1, NULL, &again) != 0 || again != run)
		broken("the same profile again is skipped as the same run",
		       NULL, 0);
	diag_set_stream(NULL);
	capture_close(&err);
	if (!strstr(err.buf, "already imported as run 1"))
		broken("a skipped profile is noted", err.buf, err.len);
	free(err.buf);
	print_tables(db, run);
	sqlite3_close(db);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capture err;
	struct profile p;
	char *copy;
	FILE *in;
	int rc;

	/* fmemopen needs a buffer it may treat as its own. */
	copy = malloc(size ? size : 1);
	if (!copy)
		abort();
	memcpy(copy, data, size);
	in = fmemopen(copy, size, "r");
	if (!in)
		abort();
	capture_open(&err);
	diag_set_stream(err.f);
	rc = profile_read_stream(in, INPUT_NAME, &p);
	diag_set_stream(NULL);
	capture_close(&err);
	fclose(in);
	free(copy);

	if (rc != 0) {
		check_diagnostic(&err, data, size);
	} else {
		if (err.len != 0)
			broken("an accepted profile gets no diagnostic",
			       err.buf, err.len);
		if (size < 9 || memcmp(data, "ccprof\t", 7) != 0
		    || data[7] < '0' + PROFILE_FORMAT_OLDEST
		    || data[7] > '0' + PROFILE_FORMAT_VERSION
		    || data[8] != '\n' || data[size - 1] != '\n')
			broken("an accepted profile starts with 'ccprof<TAB>N' "
			       "(a version this reader knows) and ends with LF",
			       NULL, 0);
		if ((p.samples >= 0) != (data[7] >= '2')
		    || p.samples > p.ticks)
			broken("an accepted profile has samples exactly when it "
			       "is format 2, and no more than its ticks",
			       NULL, 0);
		import_twice(&p);
		profile_free(&p);
	}
	free(err.buf);
	return 0;
}
