// When the program's malloc is not libccprof's (a library before it in
// the lookup order defines malloc: an LD_PRELOAD, a sanitizer), alloc
// would count nothing: it is said, at start when the plain symbol is
// another library's (and then alloc is off), or at exit when no call
// reached the meter (libc_malloc_debug.so defines only the versioned
// malloc the program binds to), never a silent column of zeros.  Also
// when some other allocation function did reach it: libc_malloc_debug.so
// leaves aligned_alloc to libccprof, and one aligned_alloc hid that
// the program's mallocs went past the meter (run 3).
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %plain_cc -shared -fPIC %S/Inputs/malloc_shim.c -o %t.shim.so -ldl
// RUN: %cc %s -o %t %libs
// RUN: env CCPROF_OUT=%t.1.out CCPROF_EVENTS=alloc LD_PRELOAD=%t.shim.so %t 2> %t.1.err
// RUN: FileCheck --check-prefix=START %s < %t.1.err
// RUN: %metrics %t.1.out --events | FileCheck --check-prefix=OFF %s
// START: ccprof: CCPROF_EVENTS='alloc': the program's malloc is {{.*}}shim.so's, which comes before libccprof; alloc not recorded
// OFF: events (none)
//
// RUN: test ! -e /usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 || env CCPROF_OUT=%t.2.out CCPROF_EVENTS=alloc LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 %t 2> %t.2.err
// RUN: test ! -e /usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 || FileCheck --check-prefix=EXIT %s < %t.2.err
// RUN: test ! -e /usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 || env CCPROF_OUT=%t.3.out CCPROF_EVENTS=alloc LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 %t aligned 2> %t.3.err
// RUN: test ! -e /usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0 || FileCheck --check-prefix=EXIT %s < %t.3.err
// EXIT: ccprof: CCPROF_EVENTS: alloc: no call of malloc, calloc, realloc or free reached libccprof's meter (another allocator before libccprof?); its metrics are 0
#include <stdlib.h>

static void *volatile sink;

int main(int argc, char **argv)
{
	(void)argv;
	sink = malloc(10);
	free(sink);
	if (argc > 1) {
		sink = aligned_alloc(64, 64);
		free(sink);
	}
	return 0;
}
