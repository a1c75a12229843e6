/*
 * db_error.c - the message of a failed database step (see db_error.h).
 */
#include "db_error.h"

#include "diag.h"

int db_error(sqlite3 *db, const char *path, const char *what)
{
	diag_file_error(path, "cannot %s: %s", what, sqlite3_errmsg(db));
	return -1;
}
