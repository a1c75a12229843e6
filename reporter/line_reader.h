/*
 * line_reader.h - bounded line reading with a content digest.
 *
 * Profile lines end with a single LF; a line longer than
 * LINE_READER_MAX bytes is refused rather than buffered, so a corrupt or
 * hostile file cannot make the reporter allocate without bound.  Every
 * byte read is folded into a 64-bit FNV-1a digest, which the importer
 * stores to recognise a file it has already imported.
 */
#ifndef CCPROF_REPORT_LINE_READER_H
#define CCPROF_REPORT_LINE_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LINE_READER_MAX (1024 * 1024)	/* bytes in a line, without LF */

enum line_status {
	LINE_OK,		/* a complete line is in buf (LF removed) */
	LINE_EOF,		/* end of file before any byte of a line */
	LINE_NO_NEWLINE,	/* end of file inside a line */
	LINE_TOO_LONG,		/* more than LINE_READER_MAX bytes */
	LINE_READ_ERROR,	/* errno says why */
	LINE_NO_MEMORY
};

struct line_reader {
	FILE *in;
	char *buf;		/* the current line, NUL-terminated */
	size_t len;		/* its length; it may hold NUL bytes */
	size_t cap;
	unsigned long lineno;	/* 1-based number of the current line */
	uint64_t digest;	/* FNV-1a of every byte read so far */
};

void line_reader_init(struct line_reader *lr, FILE *in);
enum line_status line_reader_next(struct line_reader *lr);
void line_reader_free(struct line_reader *lr);

#endif
