/*
 * query.c - the --sql option: running the user's statements
 * (see query.h).
 *
 * The statements run one at a time, in autocommit mode, exactly as
 * given: --sql may also change the database (delete a run, add a
 * note table), as the sqlite3 shell would.
 */
#include "query.h"

#include "diag.h"

#include <ctype.h>
#include <string.h>

/* "SQL error: ..." naming the statement that failed (TEXT, LEN bytes).
 * RC is the failing code: SQLITE_NOMEM may be the printer's own (its
 * rows), which sqlite3_errmsg would not know. */
static int sql_error(sqlite3 *db, int rc, const char *text, size_t len)
{
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	diag_error("SQL error: %s in: %.*s",
		   rc == SQLITE_NOMEM ? sqlite3_errstr(rc) : sqlite3_errmsg(db),
		   (int)len, text);
	return -1;
}

static void bind_run(sqlite3_stmt *stmt, int64_t run)
{
	int index = sqlite3_bind_parameter_index(stmt, ":run");

	if (index > 0 && run > 0)
		sqlite3_bind_int64(stmt, index, run);
}

/* Run STMT (whose text is TEXT, LEN bytes); print its rows, if any. */
static int run_statement(sqlite3 *db, sqlite3_stmt *stmt, const char *text,
			 size_t len, enum output_format format,
			 int *n_results, FILE *out)
{
	int rc;

	if (sqlite3_column_count(stmt) == 0) {
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
			;
	} else {
		if ((*n_results)++ > 0)
			fputc('\n', out);
		rc = output_rows(stmt, format, out);
	}
	if (rc != SQLITE_DONE)
		return sql_error(db, rc, text, len);
	return 0;
}

int query_run(sqlite3 *db, const char *sql, enum output_format format,
	      int64_t run, FILE *out)
{
	const char *next = sql;
	int n_results = 0;

	while (*next) {
		const char *text, *tail;
		sqlite3_stmt *stmt;
		int rc;

		while (isspace((unsigned char)*next))
			next++;
		text = next;
		if (sqlite3_prepare_v2(db, text, -1, &stmt, &tail) != SQLITE_OK)
			return sql_error(db, SQLITE_ERROR, text, strlen(text));
		next = tail;
		if (!stmt)	/* only a comment or whitespace was left */
			continue;
		bind_run(stmt, run);
		rc = run_statement(db, stmt, text, (size_t)(tail - text),
				   format, &n_results, out);
		sqlite3_finalize(stmt);
		if (rc != 0)
			return -1;
	}
	return 0;
}
