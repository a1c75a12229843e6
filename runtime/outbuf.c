/*
 * outbuf.c - an output buffer written with write(2), and the number and
 * string formatting the profile needs, without stdio or malloc.
 *
 * The profile may be written from a fatal-signal handler, where neither
 * stdio nor snprintf is async-signal-safe: they can take locks the
 * interrupted code holds, or allocate.  This file formats integers,
 * "%.6f" seconds (from integer microseconds, exactly) and escaped string
 * fields (docs/format.md) into a caller-provided buffer itself.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

int ccprof__write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = ccprof__sys_write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return errno;
		if (w == 0)
			return EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

uint64_t ccprof__fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

size_t ccprof__fmt_u64(char *dst, uint64_t v)
{
	char tmp[20];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (size_t i = 0; i < n; i++)
		dst[i] = tmp[n - 1 - i];
	return n;
}

void ccprof__out_init(struct ccprof__out *o, int fd)
{
	o->fd = fd;
	o->err = 0;
	o->len = 0;
}

int ccprof__out_flush(struct ccprof__out *o)
{
	if (!o->err && o->len)
		o->err = ccprof__write_all(o->fd, o->buf, o->len);
	o->len = 0;
	return o->err;
}

void ccprof__out_bytes(struct ccprof__out *o, const char *s, size_t n)
{
	while (n > 0) {
		size_t room = sizeof(o->buf) - o->len;
		size_t k = n < room ? n : room;

		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
		if (o->len == sizeof(o->buf))
			ccprof__out_flush(o);
	}
}

void ccprof__out_char(struct ccprof__out *o, char c)
{
	if (o->len == sizeof(o->buf))
		ccprof__out_flush(o);
	o->buf[o->len++] = c;
}

void ccprof__out_str(struct ccprof__out *o, const char *s)
{
	ccprof__out_bytes(o, s, strlen(s));
}

void ccprof__out_u64(struct ccprof__out *o, uint64_t v)
{
	char num[20];

	ccprof__out_bytes(o, num, ccprof__fmt_u64(num, v));
}

/* Seconds as "%.6f" from integer microseconds (negative: 0). */
void ccprof__out_seconds(struct ccprof__out *o, int64_t us)
{
	char frac[6];
	uint64_t u = us < 0 ? 0 : (uint64_t)us;
	uint64_t f = u % 1000000;

	ccprof__out_u64(o, u / 1000000);
	ccprof__out_char(o, '.');
	for (int i = 5; i >= 0; i--) {
		frac[i] = (char)('0' + f % 10);
		f /= 10;
	}
	ccprof__out_bytes(o, frac, sizeof(frac));
}

/* A string field's bytes, escaped as docs/format.md says. */
void ccprof__out_escaped(struct ccprof__out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '\\':
			ccprof__out_bytes(o, "\\\\", 2);
			break;
		case '\t':
			ccprof__out_bytes(o, "\\t", 2);
			break;
		case '\n':
			ccprof__out_bytes(o, "\\n", 2);
			break;
		case '\r':
			ccprof__out_bytes(o, "\\r", 2);
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				char esc[4] = { '\\', 'x', hex[c >> 4],
						hex[c & 15] };

				ccprof__out_bytes(o, esc, 4);
			} else {
				ccprof__out_char(o, (char)c);
			}
		}
	}
}
