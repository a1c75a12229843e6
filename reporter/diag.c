/*
 * diag.c - error messages of ccprof-report (see diag.h).
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static void vmessage(const char *fmt, va_list ap)
{
	fflush(stdout);		/* keep the order of the two streams */
	fputs(PROGRAM_NAME ": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

int diag_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	fputs("Try '" PROGRAM_NAME " --help'.\n", stderr);
	return EXIT_USAGE;
}
