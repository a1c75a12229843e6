/*
 * report_rows.c - a report's rows as data (see report_rows.h).
 *
 * temp.report_rows(seq, COLUMNS...): seq keeps the order the report
 * made them in.  Column names come from the reports' code, never from
 * the database or the command line.
 */
#include "report_rows.h"

#include "db_error.h"
#include "diag.h"

#include <stdlib.h>
#include <string.h>

static const char collecting[] = "collect the report's rows";

int report_rows_begin(struct report_rows *r, sqlite3 *db,
		      const char *db_path, const char *columns)
{
	size_t n_cols = 1, len = strlen(columns);
	char *sql = malloc(2 * len + 128);
	int rc;

	memset(r, 0, sizeof r[0]);
	r->db = db;
	r->db_path = db_path;
	r->columns = columns;
	if (!sql) {
		diag_error("out of memory");
		return -1;
	}
	for (const char *c = columns; *c; c++)
		n_cols += *c == ',';
	sprintf(sql, "DROP TABLE IF EXISTS temp.report_rows; CREATE TEMP TABLE"
		" report_rows(seq INTEGER PRIMARY KEY, %s)", columns);
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK) {
		char *p = sql + sprintf(sql, "INSERT INTO temp.report_rows(%s)"
					" VALUES (?", columns);

		for (size_t k = 1; k < n_cols; k++)
			p = strcpy(p, ", ?") + 3;
		strcpy(p, ")");
		rc = sqlite3_prepare_v2(db, sql, -1, &r->insert, NULL);
	}
	free(sql);
	return rc == SQLITE_OK ? 0 : db_error(r->db, r->db_path, collecting);
}

void report_rows_add(struct report_rows *r)
{
	if (sqlite3_step(r->insert) != SQLITE_DONE && !r->failed)
		r->failed = db_error(r->db, r->db_path, collecting);
	sqlite3_reset(r->insert);
	sqlite3_clear_bindings(r->insert);
}

int report_rows_end(struct report_rows *r, enum output_format format,
		    FILE *out)
{
	sqlite3_stmt *stmt = NULL;
	char *sql = malloc(strlen(r->columns) + 64);
	int rc = r->failed;

	sqlite3_finalize(r->insert);
	r->insert = NULL;
	if (!sql) {
		diag_error("out of memory");
		return -1;
	}
	sprintf(sql, "SELECT %s FROM temp.report_rows ORDER BY seq",
		r->columns);
	if (rc == 0 && (sqlite3_prepare_v2(r->db, sql, -1, &stmt, NULL)
			!= SQLITE_OK
			|| output_rows(stmt, format, out) != SQLITE_DONE))
		rc = db_error(r->db, r->db_path, collecting);
	sqlite3_finalize(stmt);
	free(sql);
	sqlite3_exec(r->db, "DROP TABLE IF EXISTS temp.report_rows", NULL,
		     NULL, NULL);
	return rc;
}
