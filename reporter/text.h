/*
 * text.h - showing untrusted bytes on a terminal.
 *
 * Strings in a profile may hold any byte except NUL once their escapes
 * are decoded.  Whatever ccprof-report prints for a human (the flat
 * profile, table output, error messages) goes through these helpers so
 * that a control byte in a symbol cannot break a column or a line.
 */
#ifndef CCPROF_REPORT_TEXT_H
#define CCPROF_REPORT_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Write S (N bytes) with control bytes shown as \t, \n, \r or \xHH and
 * backslashes doubled, as in the profile format. */
void text_put_display(FILE *out, const char *s, size_t n);

/* Columns text_put_display(S, N) takes: one per UTF-8 character, plus
 * the length of each escape. */
size_t text_display_width(const char *s, size_t n);

/* Write S padded with spaces to WIDTH columns, left- or right-aligned. */
void text_put_padded(FILE *out, const char *s, size_t n, size_t width,
		     int right_align);

/* Copy S (N bytes) into BUF (SIZE bytes) for quoting in an error
 * message: escaped as text_put_display, cut with "..." past a screenful. */
const char *text_quote(char *buf, size_t size, const char *s, size_t n);

#endif
