/*
 * html.c - --html FILE (see html.h): one self-contained web page.
 *
 * The page is html_page.c's head, the data as JSON (output.c's JSON
 * writer, the rows --format json prints; a comparison's rounded as the
 * text's table rounds them, so the page shows what the text shows),
 * and html_page.c's
 * script, which builds the summary, the bar chart, the sortable,
 * filterable tables and, for a run profiled in context mode, the flame
 * graph of its calling contexts (flame.c).  The flat rows carry the
 * metrics of CCPROF_EVENTS the run measured (as --format json does);
 * the page shows each as a column after ms/call, and the summary names
 * the events.  Inside a <script> element the only sequence that
 * could end it early is "</", so every '<' of the JSON is written as
 * \u003c, which JSON.parse reads back as '<'.
 */
#define _GNU_SOURCE
#include "html.h"

#include "compare.h"
#include "db_error.h"
#include "diag.h"
#include "flame.h"
#include "html_page.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most 20 runs of a --merge are shown side by side. */
/* The summary: run_summary and the events the run measured. */
static const char selected_summary_sql[] =
	"SELECT s.*, r.events FROM run_summary s JOIN runs r ON r.id = s.run"
	" WHERE s.run IN (SELECT run FROM temp.selected_runs) ORDER BY s.run"
	" LIMIT 20";

static const char pair_summary_sql[] =
	"SELECT s.*, r.events FROM run_summary s JOIN runs r ON r.id = s.run"
	" WHERE s.run IN (?1, ?2) ORDER BY s.run != ?1";

/* <script type="application/json" id="ID">rows of STMT</script>;
 * STMT is finalized. */
static int put_json(FILE *out, sqlite3 *db, const char *db_path,
		    const char *id, sqlite3_stmt *stmt)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *mem = open_memstream(&buf, &len);
	int rc;

	if (!mem) {
		sqlite3_finalize(stmt);
		diag_error("out of memory");
		return -1;
	}
	rc = output_rows(stmt, FORMAT_JSON, mem);
	fclose(mem);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE) {
		free(buf);
		return db_error(db, db_path, "read the profile");
	}
	fprintf(out, "<script type=\"application/json\" id=\"%s\">", id);
	for (i = 0; i < len; i++)
		if (buf[i] == '<')
			fputs("\\u003c", out);
		else
			fputc(buf[i], out);
	fputs("</script>\n", out);
	free(buf);
	return 0;
}

static int put_summary(FILE *out, sqlite3 *db, const char *db_path,
		       int64_t a, int64_t b)
{
	sqlite3_stmt *stmt;

	if (sqlite3_prepare_v2(db, a > 0 ? pair_summary_sql
					 : selected_summary_sql,
			       -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "read the runs");
	if (a > 0) {
		sqlite3_bind_int64(stmt, 1, a);
		sqlite3_bind_int64(stmt, 2, b);
	}
	return put_json(out, db, db_path, "summary", stmt);
}

static FILE *open_page(const char *path)
{
	FILE *out = fopen(path, "w");

	if (!out) {
		diag_file_error(path, "cannot write the page: %s",
				strerror(errno));
		return NULL;
	}
	fputs(html_page_head, out);
	return out;
}

static int close_page(FILE *out, const char *path, int rc)
{
	if (rc == 0)
		fputs(html_page_tail, out);
	if (fclose(out) != 0 && rc == 0) {
		diag_file_error(path, "cannot write the page: %s",
				strerror(errno));
		rc = -1;
	}
	if (rc != 0)
		remove(path);
	return rc;
}

int html_write_flat(sqlite3 *db, const char *db_path,
		    const struct flat_options *o, const char *path)
{
	sqlite3_stmt *stmt;
	FILE *out = open_page(path);
	int rc;

	if (!out)
		return -1;
	rc = put_summary(out, db, db_path, 0, 0);
	if (rc == 0)
		rc = flat_query_prepare(db, db_path, o, 1, &stmt);
	if (rc == 0)
		rc = put_json(out, db, db_path, "flat", stmt);
	if (rc == 0)
		rc = flame_prepare(db, db_path, o->short_names, &stmt);
	if (rc == 0 && stmt)
		rc = put_json(out, db, db_path, "contexts", stmt);
	return close_page(out, path, rc);
}

int html_write_compare(sqlite3 *db, const char *db_path,
		       const struct flat_options *o, int64_t a, int64_t b,
		       const char *path)
{
	int timed_a = compare_is_timed(db, db_path, a);
	int timed_b = compare_is_timed(db, db_path, b);
	sqlite3_stmt *stmt;
	FILE *out;
	int rc;

	if (timed_a < 0 || timed_b < 0)
		return -1;
	if (!timed_a && !timed_b && compare_pair(db, db_path, o, a, b) != 0)
		return -1;
	out = open_page(path);
	if (!out)
		return -1;
	rc = put_summary(out, db, db_path, a, b);
	if (rc == 0 && (timed_a || timed_b))
		rc = compare_prepare_overhead(db, db_path, a, b, 1, &stmt) != 0
			     ? -1 : put_json(out, db, db_path, "overhead",
					     stmt);
	else if (rc == 0)
		rc = compare_prepare_rows(db, db_path, o, COMPARE_ROWS_PAGE,
					  &stmt) != 0
			     ? -1 : put_json(out, db, db_path, "compare",
					     stmt);
	return close_page(out, path, rc);
}
