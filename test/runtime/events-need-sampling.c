// The sampled events (faults, cswitch, migrations, wall) come with the
// sample signal: with sampling off (CCPROF_HZ=0) they are said to be off
// and not recorded; the metered ones (alloc, io) still are.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=0 CCPROF_EVENTS=faults,wall,io %t 2> %t.err
// RUN: FileCheck --check-prefix=SAYS %s < %t.err
// RUN: %metrics %t.out --events | FileCheck %s
// SAYS-DAG: ccprof: CCPROF_EVENTS='faults,wall,io': wall is sampled with the sample signal, and sampling is off; not recorded
// SAYS-DAG: ccprof: CCPROF_EVENTS='faults,wall,io': faults are sampled with the sample signal, and sampling is off; not recorded
// CHECK: events io
// CHECK-NEXT: say write_bytes 6
// CHECK-NEXT: say write_calls 1
#include <unistd.h>

__attribute__((noinline)) void say(void)
{
	write(1, "hello\n", 6);
}

int main(void)
{
	say();
	return 0;
}
