/*
 * diag.c - error messages of ccprof-report (see diag.h).
 */
#include "diag.h"

#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static FILE *stream;		/* NULL: stderr */

FILE *diag_stream(void)
{
	return stream ? stream : stderr;
}

void diag_set_stream(FILE *s)
{
	stream = s;
}

static void vmessage(const char *fmt, va_list ap)
{
	FILE *out = diag_stream();

	fflush(stdout);		/* keep the order of the two streams */
	fputs(PROGRAM_NAME ": ", out);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
}

void diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void diag_file_error(const char *file, const char *fmt, ...)
{
	FILE *out = diag_stream();
	va_list ap;

	fflush(stdout);
	fputs(PROGRAM_NAME ": ", out);
	text_put_display(out, file, strlen(file));
	fputs(": ", out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
}

int diag_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	fputs("Try '" PROGRAM_NAME " --help'.\n", diag_stream());
	return EXIT_USAGE;
}
