/*
 * text.c - showing untrusted bytes on a terminal (see text.h).
 *
 * The string is cut into pieces: a valid UTF-8 character shown as
 * itself, or one byte (or one suspicious character's bytes) shown
 * escaped.  next_piece() makes that decision once for the printer, the
 * width and the quoting.
 */
#include "text.h"

#include <string.h>

/* The most bytes one piece shows: a 4-byte character as \xHH each. */
#define PIECE_MAX 16

size_t text_utf8_sequence(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len, k;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		c = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[k] & 0x3f);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000)
	    || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;	/* overlong, out of range or a surrogate */
	*cp = c;
	return len;
}

int text_is_hidden_control(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f)		/* C1 controls */
	       || cp == 0x200e || cp == 0x200f	/* LRM, RLM */
	       || (cp >= 0x202a && cp <= 0x202e)	/* embeddings, overrides */
	       || (cp >= 0x2066 && cp <= 0x2069)	/* isolates */
	       || cp == 0x2028 || cp == 0x2029;	/* line, paragraph sep. */
}

static size_t put_hex_byte(char *out, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	return 4;
}

/* The piece of S (N > 0 bytes left) at its start: sets *USED to the
 * bytes it covers and returns its length in OUT, or returns 0 when those
 * bytes are shown as themselves (one character, one column). */
static size_t next_piece(const unsigned char *s, size_t n, size_t *used,
			 char out[PIECE_MAX])
{
	uint32_t cp;
	size_t len, k, w;

	switch (s[0]) {
	case '\\': *used = 1; memcpy(out, "\\\\", 2); return 2;
	case '\t': *used = 1; memcpy(out, "\\t", 2); return 2;
	case '\n': *used = 1; memcpy(out, "\\n", 2); return 2;
	case '\r': *used = 1; memcpy(out, "\\r", 2); return 2;
	}
	len = text_utf8_sequence(s, n, &cp);
	if (len == 0) {			/* not UTF-8: this byte alone */
		*used = 1;
		return put_hex_byte(out, s[0]);
	}
	*used = len;
	if (cp >= 0x20 && cp != 0x7f && !text_is_hidden_control(cp))
		return 0;
	for (k = 0, w = 0; k < len; k++)
		w += put_hex_byte(out + w, s[k]);
	return w;
}

void text_put_display(FILE *out, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	char esc[PIECE_MAX];
	size_t i = 0, start = 0, used, len;

	while (i < n) {
		len = next_piece(s + i, n - i, &used, esc);
		if (len) {
			fwrite(s + start, 1, i - start, out);
			fwrite(esc, 1, len, out);
			start = i + used;
		}
		i += used;
	}
	fwrite(s + start, 1, n - start, out);
}

size_t text_display_width(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	char esc[PIECE_MAX];
	size_t i = 0, width = 0, used, len;

	while (i < n) {
		len = next_piece(s + i, n - i, &used, esc);
		width += len ? len : 1;
		i += used;
	}
	return width;
}

static void put_spaces(FILE *out, size_t count)
{
	while (count--)
		fputc(' ', out);
}

void text_put_padded(FILE *out, const char *s, size_t n, size_t width,
		     int right_align)
{
	size_t w = text_display_width(s, n);
	size_t pad = w < width ? width - w : 0;

	if (right_align)
		put_spaces(out, pad);
	text_put_display(out, s, n);
	if (!right_align)
		put_spaces(out, pad);
}

const char *text_quote(char *buf, size_t size, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	char esc[PIECE_MAX];
	size_t i = 0, used = 0, step, len;

	if (size < 8) {
		if (size)
			buf[0] = '\0';
		return buf;
	}
	while (i < n) {
		const char *piece = esc;

		len = next_piece(s + i, n - i, &step, esc);
		if (len == 0) {
			piece = (const char *)s + i;
			len = step;
		}
		if (used + len + 4 > size) {	/* room for "..." and NUL */
			memcpy(buf + used, "...", 3);
			used += 3;
			break;
		}
		memcpy(buf + used, piece, len);
		used += len;
		i += step;
	}
	buf[used] = '\0';
	return buf;
}
