// CCPROF_EVENTS=alloc: an allocation that fails is a call, but allocated
// no bytes: malloc(SIZE_MAX), a calloc whose size overflows, a realloc
// and an aligned_alloc too big to satisfy, and a posix_memalign with a
// bad alignment are charged a call each and no bytes.  Before, they were
// charged what they asked for: a single one wrote alloc_bytes 2^64-1,
// which ccprof-report refused (the whole profile, CPU time included, was
// lost), and several wrapped the 64-bit sum into a plausible number.
// The program sees what it sees without ccprof: NULL, ENOMEM, EINVAL.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: %t.plain > %t.want
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc %t > %t.got
// RUN: diff %t.want %t.got
// RUN: %metrics %t.out --events alloc_calls alloc_bytes | FileCheck %s
// RUN: rm -f %t.db && %report --db %t.db %t.out > /dev/null
//
// CHECK: events alloc
// CHECK-NEXT: fails alloc_calls 5
// CHECK-NEXT: succeeds alloc_bytes 100
// CHECK-NEXT: succeeds alloc_calls 1
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *volatile sink;

__attribute__((noinline)) void fails(void)
{
	void *p = NULL;
	int rc;

	sink = malloc(SIZE_MAX);
	printf("malloc %s %d\n", sink ? "ok" : "NULL", errno);
	sink = calloc(SIZE_MAX / 2, 4);
	printf("calloc %s\n", sink ? "ok" : "NULL");
	sink = realloc(NULL, SIZE_MAX - 64);
	printf("realloc %s\n", sink ? "ok" : "NULL");
	sink = aligned_alloc(64, SIZE_MAX - 4096);
	printf("aligned_alloc %s\n", sink ? "ok" : "NULL");
	rc = posix_memalign(&p, 3, 64);
	printf("posix_memalign %d\n", rc);
}

__attribute__((noinline)) void succeeds(void)
{
	sink = malloc(100);
	printf("malloc %s\n", sink ? "ok" : "NULL");
}

int main(void)
{
	static char buf[4096];

	setvbuf(stdout, buf, _IOFBF, sizeof buf);	/* stdio allocates nothing */
	fails();
	succeeds();
	return 0;
}
