// Context mode with CCPROF_EVENTS: a metric is charged to the context
// `current` holds, so one allocating helper reached from two callers
// has its bytes per path (ctx_metric records), and its cc record's
// metric is their sum.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build does not build)
// REQUIRES: primary, context-mode
// RUN: %cc -O0 %ctxflags %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc %t
// RUN: %contexts paths %t.out --metric alloc_bytes | FileCheck --match-full-lines %s
// RUN: %metrics %t.out | FileCheck --check-prefix=FLAT %s
// CHECK:      main 1 0
// CHECK-NEXT: main;a 1 0
// CHECK-NEXT: main;a;grab 2 200
// CHECK-NEXT: main;b 1 0
// CHECK-NEXT: main;b;grab 3 3000
// CHECK-EMPTY:
// FLAT: grab alloc_bytes 3200
#include <stdlib.h>

void *volatile keep[8];
static int n;

__attribute__((noinline)) void grab(size_t bytes) { keep[n++] = malloc(bytes); }
__attribute__((noinline)) void a(void) { grab(100); grab(100); }
__attribute__((noinline)) void b(void) { grab(1000); grab(1000); grab(1000); }

int main(void)
{
	a();
	b();
	return 0;
}
