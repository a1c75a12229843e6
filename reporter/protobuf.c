/*
 * protobuf.c - protocol buffers encoding (see protobuf.h).
 *
 * A key is (field << 3) | wire type, as a varint; a varint is 7 bits a
 * byte, least significant first, the top bit set on every byte but the
 * last.  Negative int64 values take ten bytes (two's complement as
 * uint64), as protobuf writes them.
 */
#include "protobuf.h"

#include <stdlib.h>
#include <string.h>

enum { WIRE_VARINT = 0, WIRE_LEN = 2 };

static int grow(struct pb_buf *b, size_t more)
{
	size_t cap;
	unsigned char *data;

	if (b->failed)
		return -1;
	if (b->len + more <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < b->len + more)
		cap *= 2;
	data = realloc(b->data, cap);
	if (!data) {
		b->failed = 1;
		return -1;
	}
	b->data = data;
	b->cap = cap;
	return 0;
}

static void raw_varint(struct pb_buf *b, uint64_t v)
{
	if (grow(b, 10) != 0)
		return;
	while (v >= 0x80) {
		b->data[b->len++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	b->data[b->len++] = (unsigned char)v;
}

static size_t varint_size(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

void pb_varint(struct pb_buf *b, unsigned field, uint64_t value)
{
	raw_varint(b, (uint64_t)field << 3 | WIRE_VARINT);
	raw_varint(b, value);
}

void pb_bytes(struct pb_buf *b, unsigned field, const void *data, size_t n)
{
	raw_varint(b, (uint64_t)field << 3 | WIRE_LEN);
	raw_varint(b, n);
	if (n && grow(b, n) == 0) {
		memcpy(b->data + b->len, data, n);
		b->len += n;
	}
}

void pb_packed(struct pb_buf *b, unsigned field, const uint64_t *values,
	       size_t n)
{
	size_t size = 0;

	for (size_t i = 0; i < n; i++)
		size += varint_size(values[i]);
	raw_varint(b, (uint64_t)field << 3 | WIRE_LEN);
	raw_varint(b, size);
	for (size_t i = 0; i < n; i++)
		raw_varint(b, values[i]);
}

void pb_reset(struct pb_buf *b)
{
	b->len = 0;
}

void pb_free(struct pb_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof *b);
}
