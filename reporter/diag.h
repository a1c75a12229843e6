/*
 * diag.h - error messages of ccprof-report.
 *
 * Every message starts with the program name and names the input that
 * caused it (file:line, option, query), as the STYLE guide asks.
 */
#ifndef CCPROF_REPORT_DIAG_H
#define CCPROF_REPORT_DIAG_H

#include <stdio.h>

#define PROGRAM_NAME "ccprof-report"

/* Exit statuses. */
enum {
	EXIT_OK = 0,
	EXIT_ERROR = 1,		/* bad input, database or query error */
	EXIT_USAGE = 2		/* bad command line */
};

/* Where messages go: stderr unless diag_set_stream() said otherwise (the
 * fuzzer collects them in memory to check their form). */
FILE *diag_stream(void);
void diag_set_stream(FILE *stream);

/* "ccprof-report: <message>\n" on the diagnostic stream. */
void diag_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "ccprof-report: FILE: <message>\n": a file name is untrusted text too,
 * so FILE is shown escaped (text.h). */
void diag_file_error(const char *file, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* As diag_error, then the --help hint; returns EXIT_USAGE. */
int diag_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
