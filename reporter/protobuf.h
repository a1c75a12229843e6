/*
 * protobuf.h - the few pieces of the protocol buffers wire format that
 * writing a pprof profile needs: varints, length-delimited fields
 * (strings, nested messages, packed repeated integers), into a growing
 * byte buffer.  https://protobuf.dev/programming-guides/encoding/
 */
#ifndef CCPROF_REPORT_PROTOBUF_H
#define CCPROF_REPORT_PROTOBUF_H

#include <stddef.h>
#include <stdint.h>

struct pb_buf {
	unsigned char *data;
	size_t len, cap;
	int failed;		/* out of memory: later writes do nothing */
};

/* Field FIELD as a varint (wire type 0): int64, uint64, bool, enum.
 * Zero is written too (callers leave out proto3 defaults themselves). */
void pb_varint(struct pb_buf *b, unsigned field, uint64_t value);

/* Field FIELD as N bytes (wire type 2): a string or bytes, or a nested
 * message already encoded in another pb_buf. */
void pb_bytes(struct pb_buf *b, unsigned field, const void *data, size_t n);

/* Field FIELD as packed repeated varints (wire type 2). */
void pb_packed(struct pb_buf *b, unsigned field, const uint64_t *values,
	       size_t n);

void pb_reset(struct pb_buf *b);	/* length 0, memory kept */
void pb_free(struct pb_buf *b);

#endif
