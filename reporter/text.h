/*
 * text.h - showing untrusted bytes on a terminal.
 *
 * Strings in a profile may hold any byte except NUL once their escapes
 * are decoded.  Whatever ccprof-report prints for a human (the flat
 * profile, table output, error messages) goes through these helpers so
 * that a byte in a symbol cannot break a column or a line, or reach the
 * terminal as a control sequence:
 *
 *   - C0 controls, DEL and the backslash are shown as in the profile
 *     format: \t, \n, \r, \\ or \xHH;
 *   - bytes that are not part of valid UTF-8 are shown as \xHH (a lone
 *     0x9b is CSI to a terminal in an 8-bit mode);
 *   - valid UTF-8 for a C1 control (U+0080..U+009F), a line or paragraph
 *     separator (U+2028, U+2029) or a bidirectional formatting character
 *     (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069, which can reorder
 *     what is shown) is shown as the \xHH of each of its bytes;
 *   - every other valid UTF-8 character is shown as itself.
 */
#ifndef CCPROF_REPORT_TEXT_H
#define CCPROF_REPORT_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Write S (N bytes) with the bytes above escaped. */
void text_put_display(FILE *out, const char *s, size_t n);

/* Columns text_put_display(S, N) takes: one per character shown as
 * itself, plus the length of each escape. */
size_t text_display_width(const char *s, size_t n);

/* Write S padded with spaces to WIDTH columns, left- or right-aligned. */
void text_put_padded(FILE *out, const char *s, size_t n, size_t width,
		     int right_align);

/* Copy S (N bytes) into BUF (SIZE bytes) for quoting in an error
 * message: escaped as text_put_display, cut with "..." past a screenful. */
const char *text_quote(char *buf, size_t size, const char *s, size_t n);

/* Length of the valid UTF-8 sequence at S (N > 0 bytes left), storing
 * its code point in *CP; 0 if S does not start one (a stray
 * continuation byte, an overlong form, a surrogate, beyond U+10FFFF or
 * cut short). */
size_t text_utf8_sequence(const unsigned char *s, size_t n, uint32_t *cp);

/* CP is a C1 control, a line or paragraph separator, or a bidirectional
 * formatting character: valid UTF-8 that must not reach a terminal raw. */
int text_is_hidden_control(uint32_t cp);

#endif
