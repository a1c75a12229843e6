/*
 * import.h - storing profiles in the database.
 */
#ifndef CCPROF_REPORT_IMPORT_H
#define CCPROF_REPORT_IMPORT_H

#include "profile.h"

#include <sqlite3.h>
#include <stdint.h>

/* Import the N profiles in one transaction (creating the schema if the
 * database is empty).  A profile whose content was imported before is
 * skipped with a note on stderr.  New runs get LABEL (NULL: none).
 * *LAST_RUN is set to the run of the
 * last profile, imported or skipped.  On any error the transaction is
 * rolled back, the database is unchanged, and -1 is returned. */
int import_profiles(sqlite3 *db, const char *db_path,
		    const struct profile *profiles, size_t n,
		    const char *label, int64_t *last_run);

#endif
