/*
 * diag.c - the runtime's diagnostics: one line on stderr, "ccprof: ...".
 *
 * The line is formatted into a local buffer and written with one write(2),
 * so it is not interleaved with the program's own output, does not touch
 * the program's stdio buffers and works while stdio is being torn down at
 * exit.  errno is preserved: callers report errors after capturing it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runtime_internal.h"

void ccprof__warn(const char *fmt, ...)
{
	static const char prefix[] = "ccprof: ";
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
	line[len++] = '\n';

	for (size_t off = 0; off < len;) {
		ssize_t w = write(STDERR_FILENO, line + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	errno = saved_errno;
}
