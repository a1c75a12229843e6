/*
 * diag.c - the runtime's diagnostics: one line on stderr, "ccprof: ...".
 *
 * A line is assembled in a local buffer and written with one write(2),
 * so it is not interleaved with the program's own output, does not touch
 * the program's stdio buffers and works while stdio is being torn down at
 * exit.  errno is preserved: callers report errors after capturing it.
 *
 * ccprof__warn formats with vsnprintf and is for start-up and
 * registration.  ccprof__say only concatenates strings and is
 * async-signal-safe: the profile writer uses it, since it may run in a
 * fatal-signal handler; a piece longer than 400 bytes (a long path) is
 * shortened in its middle, so the reason after it is never cut off;
 * ccprof__strerror is its strerror (the English
 * text, from glibc's table, without locale or allocation).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

static const char prefix[] = "ccprof: ";

static void put_line(char *line, size_t len)
{
	line[len++] = '\n';
	ccprof__meters_paused++;	/* not the program's output */
	for (size_t off = 0; off < len;) {
		ssize_t w = ccprof__sys_write(STDERR_FILENO, line + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	ccprof__meters_paused--;
}

void ccprof__warn(const char *fmt, ...)
{
	char line[1024];
	int saved_errno = errno;
	size_t len = sizeof(prefix) - 1;
	va_list ap;
	int n;

	memcpy(line, prefix, len);
	va_start(ap, fmt);
	n = vsnprintf(line + len, sizeof(line) - len - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	len += (size_t)n < sizeof(line) - len - 1 ? (size_t)n
						   : sizeof(line) - len - 2;
	put_line(line, len);
	errno = saved_errno;
}

/* A piece of a line longer than this (a path of thousands of bytes) is
 * shown as its first and last ELIDED_KEEP bytes with "..." between, so
 * that the reason after it still fits in the line. */
#define ELIDED_OVER	400
#define ELIDED_KEEP	190

static size_t append(char *line, size_t len, size_t size, const char *s,
		     size_t n)
{
	if (n > size - 1 - len)
		n = size - 1 - len;
	memcpy(line + len, s, n);
	return len + n;
}

/* ccprof__say("cannot write '", path, "': ", reason, (char *)NULL) */
void ccprof__say(const char *first, ...)
{
	char line[1024];
	int saved_errno = errno;
	size_t len = sizeof(prefix) - 1;
	va_list ap;

	memcpy(line, prefix, len);
	va_start(ap, first);
	for (const char *s = first; s; s = va_arg(ap, const char *)) {
		size_t n = strlen(s);

		if (n > ELIDED_OVER) {
			len = append(line, len, sizeof(line), s, ELIDED_KEEP);
			len = append(line, len, sizeof(line), "...", 3);
			s += n - ELIDED_KEEP;
			n = ELIDED_KEEP;
		}
		len = append(line, len, sizeof(line), s, n);
	}
	va_end(ap);
	put_line(line, len);
	errno = saved_errno;
}

const char *ccprof__strerror(int err)
{
	const char *s = strerrordesc_np(err);

	return s ? s : "Unknown error";
}
