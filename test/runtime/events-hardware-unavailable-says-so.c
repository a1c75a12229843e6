// On a machine without hardware performance counters (these virtual
// machines), asking for cycles, instructions, cache-misses or
// branch-misses says so, once each, and records nothing for them: the
// events record does not list them and no metric of theirs is written,
// rather than a column of zeros.  The other events and the program are
// unaffected (main's allocation is stdout's buffer, made by printf).
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary, no-hw-counters
// RUN: %cc %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=cycles,alloc,instructions,cache-misses,branch-misses %t > %t.stdout 2> %t.err
// RUN: FileCheck --check-prefix=SAYS %s < %t.err
// RUN: FileCheck --check-prefix=STDOUT %s < %t.stdout
// RUN: %metrics %t.out --events | FileCheck %s
// SAYS: ccprof: CCPROF_EVENTS='cycles,alloc,instructions,cache-misses,branch-misses': cycles cannot be counted: this machine has no hardware performance counters (a virtual machine without a virtual PMU?); not recorded
// SAYS-NEXT: ccprof: {{.*}}: instructions cannot be counted: this machine has no hardware performance counters
// SAYS-NEXT: ccprof: {{.*}}: cache-misses cannot be counted: this machine has no hardware performance counters
// SAYS-NEXT: ccprof: {{.*}}: branch-misses cannot be counted: this machine has no hardware performance counters
// SAYS-NOT: ccprof
// STDOUT: done 42
// CHECK: events alloc
// CHECK-NEXT: main alloc_bytes {{[0-9]+}}
// CHECK-NEXT: main alloc_calls 1
// CHECK-NEXT: make alloc_bytes 42
// CHECK-NEXT: make alloc_calls 1
// CHECK-NOT: cycles
// CHECK-NOT: instructions
// CHECK-NOT: misses
#include <stdio.h>
#include <stdlib.h>

static void *volatile sink;

__attribute__((noinline)) void make(void)
{
	sink = malloc(42);
}

int main(void)
{
	make();
	printf("done 42\n");
	return 0;
}
