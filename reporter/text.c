/*
 * text.c - showing untrusted bytes on a terminal (see text.h).
 */
#include "text.h"

#include <string.h>

/* The escape for byte C, written into OUT (at least 5 bytes), or 0 if C
 * is shown as itself.  Returns the escape's length. */
static size_t escape_byte(unsigned char c, char out[5])
{
	static const char hex[] = "0123456789abcdef";

	switch (c) {
	case '\\': memcpy(out, "\\\\", 2); return 2;
	case '\t': memcpy(out, "\\t", 2); return 2;
	case '\n': memcpy(out, "\\n", 2); return 2;
	case '\r': memcpy(out, "\\r", 2); return 2;
	}
	if (c < 0x20 || c == 0x7f) {
		out[0] = '\\';
		out[1] = 'x';
		out[2] = hex[c >> 4];
		out[3] = hex[c & 15];
		return 4;
	}
	return 0;
}

void text_put_display(FILE *out, const char *s, size_t n)
{
	char esc[5];
	size_t i, start = 0;

	for (i = 0; i < n; i++) {
		size_t len = escape_byte((unsigned char)s[i], esc);

		if (len == 0)
			continue;
		fwrite(s + start, 1, i - start, out);
		fwrite(esc, 1, len, out);
		start = i + 1;
	}
	fwrite(s + start, 1, n - start, out);
}

size_t text_display_width(const char *s, size_t n)
{
	char esc[5];
	size_t i, width = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t len = escape_byte(c, esc);

		if (len)
			width += len;
		else if ((c & 0xc0) != 0x80)	/* not a UTF-8 continuation */
			width++;
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

const char *text_quote(char *buf, size_t size, const char *s, size_t n)
{
	char esc[5];
	size_t i, used = 0;

	if (size < 8) {
		if (size)
			buf[0] = '\0';
		return buf;
	}
	for (i = 0; i < n; i++) {
		size_t len = escape_byte((unsigned char)s[i], esc);

		if (len == 0) {
			esc[0] = s[i];
			len = 1;
		}
		if (used + len + 4 > size) {	/* room for "..." and NUL */
			memcpy(buf + used, "...", 3);
			used += 3;
			break;
		}
		memcpy(buf + used, esc, len);
		used += len;
	}
	buf[used] = '\0';
	return buf;
}
