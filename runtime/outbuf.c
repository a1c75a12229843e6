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

/* Two digits at a time, from the last: a profile is mostly numbers. */
size_t ccprof__fmt_u64(char *dst, uint64_t v)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	static const uint64_t tens[19] = {
		10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL,
	};
	size_t n = 1;

	while (n < 20 && v >= tens[n - 1])
		n++;
	for (size_t i = n; v >= 10; v /= 100) {
		const char *d = pairs + 2 * (v % 100);

		dst[--i] = d[1];
		dst[--i] = d[0];
		if (v < 100)
			return n;
	}
	dst[0] = (char)('0' + v);
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

void ccprof__out_str(struct ccprof__out *o, const char *s)
{
	ccprof__out_bytes(o, s, strlen(s));
}

/* Numbers of two digits or more (ccprof__out_u64 writes the others). */
void ccprof__out_u64_long(struct ccprof__out *o, uint64_t v)
{
	if (sizeof(o->buf) - o->len < 20)
		ccprof__out_flush(o);
	o->len += ccprof__fmt_u64(o->buf + o->len, v);
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

/* Whether a byte is written as it is in a string field. */
static int plain_byte(unsigned char c)
{
	return c >= 0x20 && c != 0x7f && c != '\\';
}

/* Whether any of the 8 bytes of x is one that needs an escape: below
 * 0x20, 0x7f or a backslash (exact tests, bytes >= 0x80 included). */
static int word_needs_escape(uint64_t x)
{
	const uint64_t ones = 0x0101010101010101ULL;
	const uint64_t high = 0x8080808080808080ULL;
	uint64_t del = x ^ (ones * 0x7f), bs = x ^ (ones * '\\');

	return ((((x - ones * 0x20) & ~x) | ((del - ones) & ~del) |
		 ((bs - ones) & ~bs)) & high) != 0;
}

/* A string field's bytes, escaped as docs/format.md says.  Runs of bytes
 * that need no escape (nearly all of them: names and paths) are found 8
 * bytes at a time and copied whole: when every byte was a call, an empty
 * Lua run spent a third of the runtime's instructions here. */
void ccprof__out_escaped(struct ccprof__out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t len = strlen(s), i = 0;

	while (i < len) {
		size_t run = i;
		unsigned char c;

		for (uint64_t x; i + 8 <= len; i += 8) {
			memcpy(&x, s + i, 8);
			if (word_needs_escape(x))
				break;
		}
		while (i < len && plain_byte((unsigned char)s[i]))
			i++;
		if (i > run)
			ccprof__out_bytes(o, s + run, i - run);
		if (i == len)
			return;
		c = (unsigned char)s[i++];
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
		default: {
			char esc[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };

			ccprof__out_bytes(o, esc, 4);
		}
		}
	}
}
