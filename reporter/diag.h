/*
 * diag.h - error messages of ccprof-report.
 *
 * Every message starts with the program name and names the input that
 * caused it (file:line, option, query), as the STYLE guide asks.
 */
#ifndef CCPROF_REPORT_DIAG_H
#define CCPROF_REPORT_DIAG_H

#define PROGRAM_NAME "ccprof-report"

/* Exit statuses. */
enum {
	EXIT_OK = 0,
	EXIT_ERROR = 1,		/* bad input, database or query error */
	EXIT_USAGE = 2		/* bad command line */
};

/* "ccprof-report: <message>\n" on stderr. */
void diag_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* As diag_error, then the --help hint; returns EXIT_USAGE. */
int diag_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
