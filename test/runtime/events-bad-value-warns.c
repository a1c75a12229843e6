// A CCPROF_EVENTS item that is not an event gets one warning naming the
// variable, its value and the events there are; the others are on, and
// the profile's events record lists only those.  Empty items are nothing.
// (The program allocates, so that the alloc meter is reached: a meter on
// that nothing reached is said at exit.)
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc,,bogus, %t 2> %t.err
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: FileCheck --check-prefix=EVENTS --match-full-lines %s < %t.out
// WARN: ccprof: ignoring 'bogus' in CCPROF_EVENTS='alloc,,bogus,': not an event (alloc,io,faults,cswitch,migrations,wall,cycles,instructions,cache-misses,branch-misses)
// WARN-NOT: ccprof
// EVENTS: events	alloc
//
// RUN: env CCPROF_OUT=%t.2.out CCPROF_EVENTS=, %t 2> %t.2.err
// RUN: count 0 < %t.2.err
// RUN: FileCheck --check-prefix=NONE --match-full-lines %s < %t.2.out
// NONE: events	
#include <stdlib.h>

static void *volatile sink;

int main(void)
{
	sink = malloc(1);
	return 0;
}
