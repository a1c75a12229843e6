/*
 * runsel.c - choosing runs by id or label (see runsel.h).
 */
#include "runsel.h"

#include "db_error.h"
#include "diag.h"
#include "text.h"

#include <inttypes.h>
#include <string.h>

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* A run id is a positive integer; a label does not start with '-' or
 * '+' (so that "--run -3" is an error, not a label). */
int runsel_check_ref(const char *ref, const char *option)
{
	char quoted[128];

	if (!*ref || *ref == '-' || *ref == '+'
	    || (all_digits(ref) && strspn(ref, "0") == strlen(ref))) {
		diag_usage("invalid value '%s' for option '%s' (expected a "
			   "run id, a positive integer, or a label)",
			   text_quote(quoted, sizeof quoted, ref, strlen(ref)),
			   option);
		return -1;
	}
	return 0;
}

int runsel_check_label(const char *label, const char *option)
{
	const unsigned char *s;
	char quoted[128];

	if (!*label) {
		diag_usage("option '%s' needs a label", option);
		return -1;
	}
	if (*label == '-' || *label == '+') {
		diag_usage("invalid label '%s' for option '%s' (a label "
			   "cannot start with '-' or '+')", label, option);
		return -1;
	}
	if (all_digits(label)) {
		diag_usage("invalid label '%s' for option '%s' (a label "
			   "cannot be a number: it would read as a run id)",
			   label, option);
		return -1;
	}
	for (s = (const unsigned char *)label; *s; s++)
		if (*s < 0x20 || *s == 0x7f) {
			diag_usage("invalid label '%s' for option '%s' (no "
				   "control characters)",
				   text_quote(quoted, sizeof quoted, label,
					      strlen(label)), option);
			return -1;
		}
	return 0;
}

/* The integer of a one-row, one-column query with one text parameter
 * TEXT (or one integer parameter N when TEXT is NULL): 0 when there is
 * no row or it is NULL, -1 on error. */
static int64_t lookup(sqlite3 *db, const char *db_path, const char *sql,
		      const char *text, int64_t n)
{
	sqlite3_stmt *stmt;
	int64_t value = 0;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		return db_error(db, db_path, "look up the run");
	if (text)
		sqlite3_bind_text(stmt, 1, text, -1, SQLITE_STATIC);
	else
		sqlite3_bind_int64(stmt, 1, n);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		value = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(db, db_path, "look up the run");
	return value;
}

int runsel_resolve(sqlite3 *db, const char *db_path, const char *ref,
		   int64_t *run)
{
	char quoted[128];
	int64_t found;

	if (all_digits(ref) && strlen(ref) <= 18) {
		int64_t id = 0;
		const char *s;

		for (s = ref; *s; s++)
			id = id * 10 + (*s - '0');
		found = lookup(db, db_path, "SELECT id FROM runs WHERE id = ?",
			       NULL, id);
		if (found < 0)
			return -1;
		if (found == 0) {
			diag_file_error(db_path, "no run %s in the database",
					ref);
			return -1;
		}
	} else {
		found = lookup(db, db_path, "SELECT max(id) FROM runs"
			       " WHERE label = ?", ref, 0);
		if (found < 0)
			return -1;
		if (found == 0) {
			diag_file_error(db_path, "no run or label '%s' in the "
					"database (--runs lists them)",
					text_quote(quoted, sizeof quoted, ref,
						   strlen(ref)));
			return -1;
		}
	}
	*run = found;
	return 0;
}

int64_t runsel_newest(sqlite3 *db, const char *db_path)
{
	return lookup(db, db_path, "SELECT max(id) FROM runs", NULL, 0);
}

static int make_selection(sqlite3 *db, const char *db_path)
{
	if (sqlite3_exec(db, "CREATE TEMP TABLE IF NOT EXISTS selected_runs("
			 "run INTEGER PRIMARY KEY); "
			 "DELETE FROM temp.selected_runs", NULL, NULL, NULL)
	    != SQLITE_OK)
		return db_error(db, db_path, "select the runs");
	return 0;
}

int runsel_select_run(sqlite3 *db, const char *db_path, int64_t run)
{
	sqlite3_stmt *stmt;
	int rc;

	if (make_selection(db, db_path) != 0)
		return -1;
	if (sqlite3_prepare_v2(db, "INSERT INTO temp.selected_runs(run)"
			       " SELECT id FROM runs WHERE id = ?", -1, &stmt,
			       NULL) != SQLITE_OK)
		return db_error(db, db_path, "select the run");
	sqlite3_bind_int64(stmt, 1, run);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "select the run");
	if (sqlite3_changes(db) == 0) {
		diag_file_error(db_path, "no run %" PRId64 " in the database",
				run);
		return -1;
	}
	return 0;
}

int runsel_select_label(sqlite3 *db, const char *db_path, const char *label)
{
	sqlite3_stmt *stmt;
	char quoted[128];
	int rc;

	if (make_selection(db, db_path) != 0)
		return -1;
	if (sqlite3_prepare_v2(db, "INSERT INTO temp.selected_runs(run)"
			       " SELECT id FROM runs WHERE label = ?"
			       " AND kind = 'profile'", -1, &stmt,
			       NULL) != SQLITE_OK)
		return db_error(db, db_path, "select the runs");
	sqlite3_bind_text(stmt, 1, label, -1, SQLITE_STATIC);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return db_error(db, db_path, "select the runs");
	if (sqlite3_changes(db) == 0) {
		diag_file_error(db_path, "no profiled runs labelled '%s' in "
				"the database (--runs lists them)",
				text_quote(quoted, sizeof quoted, label,
					   strlen(label)));
		return -1;
	}
	return 0;
}
