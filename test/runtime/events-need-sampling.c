// The sampled events (faults, cswitch, migrations, wall) come with the
// sample signal: with sampling off (CCPROF_HZ=0) they are said to be off
// and not recorded, in one warning that names them all (there were two,
// one for wall and one for the perf events); the metered ones (alloc,
// io) still are.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=0 CCPROF_EVENTS=faults,wall,io %t 2> %t.err
// RUN: FileCheck --check-prefix=SAYS --implicit-check-not=ccprof: %s < %t.err
// RUN: %metrics %t.out --events | FileCheck %s
// SAYS: ccprof: CCPROF_EVENTS='faults,wall,io': faults,wall are sampled with the sample signal, and sampling is off; not recorded
//
// One of them alone is named alone.
// RUN: env CCPROF_OUT=%t.1.out CCPROF_HZ=0 CCPROF_EVENTS=wall %t 2> %t.1.err
// RUN: FileCheck --check-prefix=ONE --implicit-check-not=ccprof: %s < %t.1.err
// ONE: ccprof: CCPROF_EVENTS='wall': wall is sampled with the sample signal, and sampling is off; not recorded
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
