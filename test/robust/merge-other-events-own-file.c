// %m adds a run only into a file of runs that recorded the same
// CCPROF_EVENTS: added together, the alloc columns measured by one run of
// four read as the pool's, with nothing to say that three runs did not
// measure them.  A run with other events is merged into
// "<name>.ev-E.<ext>" instead (E the events joined by '+', or "none"),
// with a note; runs with those events then add up there.  A run at
// another rate with other events too goes to "<name>.hzN.ev-E.<ext>".
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_EVENTS=alloc CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err1
// RUN: env CCPROF_EVENTS=io,alloc CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err2
// RUN: env CCPROF_EVENTS= CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err3
// RUN: env CCPROF_EVENTS= CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err4
// RUN: env CCPROF_EVENTS=alloc CCPROF_HZ=100 CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err5
// RUN: env CCPROF_EVENTS=alloc CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err6
// RUN: not grep ccprof %t.err1
// RUN: not grep ccprof %t.err6
// RUN: FileCheck --check-prefix=IO %s < %t.err2
// IO: ccprof: note: '{{.*}}/pool-{{[0-9a-f]+}}.out' holds runs that recorded CCPROF_EVENTS alloc; this run, with alloc+io, is merged into '{{.*}}/pool-{{[0-9a-f]+}}.ev-alloc+io.out' (a metric of some of a file's runs would read as all of theirs)
// RUN: FileCheck --check-prefix=NONE %s < %t.err3
// NONE: ccprof: note: '{{.*}}/pool-{{[0-9a-f]+}}.out' holds runs that recorded CCPROF_EVENTS alloc; this run, with none, is merged into '{{.*}}/pool-{{[0-9a-f]+}}.ev-none.out'
// RUN: FileCheck --check-prefix=RATE %s < %t.err5
// RATE: ccprof: note: '{{.*}}/pool-{{[0-9a-f]+}}.out' holds runs sampled at 1000 Hz; this run, at 100 Hz, is merged into '{{.*}}/pool-{{[0-9a-f]+}}.hz100.out' (ticks of different rates do not add up)
// RUN: grep -H '^events\|^processes' %t.d/*.out | sed 's/.*pool-[0-9a-f]*//' | sort | FileCheck --check-prefix=FILES %s
// FILES:      .ev-alloc+io.out:events{{[[:space:]]}}alloc,io
// FILES-NEXT: .ev-alloc+io.out:processes{{[[:space:]]}}1
// FILES-NEXT: .ev-none.out:events
// FILES-NEXT: .ev-none.out:processes{{[[:space:]]}}2
// FILES-NEXT: .hz100.out:events{{[[:space:]]}}alloc
// FILES-NEXT: .hz100.out:processes{{[[:space:]]}}1
// FILES-NEXT: .out:events{{[[:space:]]}}alloc
// FILES-NEXT: .out:processes{{[[:space:]]}}2
#include <stdlib.h>

static void *volatile sink;

int main(void)
{
	sink = malloc(100);
	free(sink);
	return 0;
}
