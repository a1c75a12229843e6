/*
 * timecmd.h - --time: the plain build's run, measured and recorded.
 */
#ifndef CCPROF_REPORT_TIMECMD_H
#define CCPROF_REPORT_TIMECMD_H

#include <sqlite3.h>
#include <stdio.h>

/* Run COMMAND (argv, NULL-terminated) REPEAT times, one after another,
 * and record the median CPU (user + sys), wall and max RSS, with their
 * spread (min and max), as a run of kind 'time' labelled LABEL; print
 * a line about it to OUT.  The command's own output goes where ours
 * does.  If it cannot be started or does not exit with status 0,
 * nothing is recorded and -1 is returned with a message. */
int timecmd_record(sqlite3 *db, const char *db_path, char **command,
		   long repeat, const char *label, FILE *out);

#endif
