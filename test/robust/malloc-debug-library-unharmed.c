// Under glibc's malloc debugging library (LD_PRELOAD=libc_malloc_debug.so
// MALLOC_CHECK_=3, glibc 2.34's way to check the heap), a program built
// with ccprof runs as the plain build does, with CCPROF_EVENTS off and
// on.  The library defines only versioned symbols: some of the program's
// calls reach it directly (free), some reach libccprof's wrappers
// (aligned_alloc), which passed them on to libc, past the library: its
// free then found a block without its header, "free(): invalid pointer",
// abort.  The wrappers now pass a call on to the definition the program
// would get without ccprof.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: env MALLOC_CHECK_=3 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so %t.plain > %t.want
// RUN: env MALLOC_CHECK_=3 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so CCPROF_OUT=%t.out %t > %t.got
// RUN: diff %t.want %t.got
// RUN: env MALLOC_CHECK_=3 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so CCPROF_OUT=%t.out CCPROF_EVENTS=alloc %t > %t.got2 2> /dev/null
// RUN: diff %t.want %t.got2
// RUN: FileCheck %s < %t.got
// CHECK: aligned_alloc, memalign, posix_memalign, valloc, pvalloc, malloc, calloc, realloc: freed
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void cycle(void)
{
	void *p[8];

	p[0] = aligned_alloc(64, 64);
	p[1] = memalign(64, 64);
	if (posix_memalign(&p[2], 64, 64) != 0)
		p[2] = NULL;
	p[3] = valloc(64);
	p[4] = pvalloc(64);
	p[5] = malloc(64);
	p[6] = calloc(8, 8);
	p[7] = realloc(malloc(8), 64);
	for (int i = 0; i < 8; i++)
		free(p[i]);
}

int main(void)
{
	cycle();
	printf("aligned_alloc, memalign, posix_memalign, valloc, pvalloc, "
	       "malloc, calloc, realloc: freed\n");
	return 0;
}
