// alloc and io are metered by libccprof.so, whose malloc and read come
// before libc's; the static libccprof.a has no meters (they would replace
// libc.a's).  A program linked with it that asks for them is told so,
// and nothing is recorded for them.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc %s -o %t -Wl,-Bstatic %libs -Wl,-Bdynamic -pthread
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc,io %t 2> %t.err
// RUN: FileCheck --check-prefix=SAYS %s < %t.err
// RUN: %metrics %t.out --events | FileCheck %s
// SAYS: ccprof: CCPROF_EVENTS='alloc,io': alloc and io are metered by libccprof.so; this program has the static libccprof.a, so they are not recorded
// CHECK: events (none)
// CHECK-NOT: alloc
#include <stdlib.h>

static void *volatile sink;

int main(void)
{
	sink = malloc(10);
	return 0;
}
