/*
 * line_reader.c - bounded line reading with a content digest
 * (see line_reader.h).
 */
#include "line_reader.h"

#include <stdlib.h>

#define FNV1A_OFFSET 0xcbf29ce484222325ULL
#define FNV1A_PRIME 0x100000001b3ULL

void line_reader_init(struct line_reader *lr, FILE *in)
{
	lr->in = in;
	lr->buf = NULL;
	lr->len = 0;
	lr->cap = 0;
	lr->lineno = 0;
	lr->digest = FNV1A_OFFSET;
}

void line_reader_free(struct line_reader *lr)
{
	free(lr->buf);
	lr->buf = NULL;
	lr->cap = 0;
}

/* Make room for one more byte and the terminating NUL. */
static int reserve(struct line_reader *lr)
{
	size_t cap;
	char *buf;

	if (lr->len + 2 <= lr->cap)
		return 0;
	cap = lr->cap ? lr->cap * 2 : 256;
	if (cap > LINE_READER_MAX + 2)
		cap = LINE_READER_MAX + 2;
	buf = realloc(lr->buf, cap);
	if (!buf)
		return -1;
	lr->buf = buf;
	lr->cap = cap;
	return 0;
}

enum line_status line_reader_next(struct line_reader *lr)
{
	int c;

	lr->len = 0;
	lr->lineno++;
	while ((c = getc(lr->in)) != EOF) {
		lr->digest = (lr->digest ^ (unsigned char)c) * FNV1A_PRIME;
		if (c == '\n') {
			if (lr->buf)
				lr->buf[lr->len] = '\0';
			else if (reserve(lr) != 0)
				return LINE_NO_MEMORY;
			else
				lr->buf[0] = '\0';
			return LINE_OK;
		}
		if (lr->len == LINE_READER_MAX)
			return LINE_TOO_LONG;
		if (reserve(lr) != 0)
			return LINE_NO_MEMORY;
		lr->buf[lr->len++] = (char)c;
	}
	if (ferror(lr->in))
		return LINE_READ_ERROR;
	if (lr->len > 0)
		return LINE_NO_NEWLINE;
	lr->lineno--;		/* no line was started */
	return LINE_EOF;
}
