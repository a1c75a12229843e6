/*
 * runs_list.c - --runs (see runs_list.h).
 *
 * A query of run_summary and modules, printed by output.c, so that the
 * list is a table, CSV or JSON like every other output.  Seconds are
 * rounded to milliseconds, the rate to a whole Hz; a run timed by
 * --time shows its repetitions and max RSS (KiB) and has no rate, no
 * clock, no compilers.  processes is how many processes a %m-merged
 * profile holds (1 for a process's own; empty before format 4 and for
 * --time runs), whose args are the last one's.  The start is shown in
 * UTC.
 */
#include "runs_list.h"

#include "diag.h"

static const char runs_sql[] =
	"SELECT s.run AS id, s.label, s.kind, s.program, s.args, s.processes,\n"
	"  strftime('%Y-%m-%dT%H:%M:%SZ', r.start, 'unixepoch') AS start,\n"
	"  round(s.cpu, 3) AS cpu, round(s.wall, 3) AS wall,\n"
	"  s.max_rss AS max_rss_kib, s.repeats,\n"
	"  CAST(round(s.achieved_hz) AS INTEGER) AS hz_achieved, s.hz AS hz_requested,\n"
	"  s.clock, s.status,\n"
	"  (SELECT group_concat(compiler, '; ') FROM (SELECT DISTINCT\n"
	"     compiler FROM modules WHERE run = s.run ORDER BY compiler))\n"
	"    AS compilers,\n"
	"  (SELECT group_concat(options, '; ') FROM (SELECT DISTINCT\n"
	"     options FROM modules WHERE run = s.run ORDER BY options))\n"
	"    AS options\n"
	"FROM run_summary AS s JOIN runs AS r ON r.id = s.run\n"
	"ORDER BY s.run";

int runs_list_print(sqlite3 *db, const char *db_path,
		    enum output_format format, FILE *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (sqlite3_prepare_v2(db, runs_sql, -1, &stmt, NULL) != SQLITE_OK) {
		diag_file_error(db_path, "cannot list the runs: %s",
				sqlite3_errmsg(db));
		return -1;
	}
	rc = output_rows(stmt, format, out);
	if (rc != SQLITE_DONE)
		diag_file_error(db_path, "cannot list the runs: %s",
				sqlite3_errmsg(db));
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0 : -1;
}
