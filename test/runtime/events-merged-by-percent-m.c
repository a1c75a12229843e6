// With %m, each run's metrics are added into the file's: two runs of a
// function allocating 300 bytes make 600, and a cost centre only the
// first run had keeps its metrics.  A run that records other events goes
// to a file of its own (robust/merge-other-events-own-file.c), so a
// file's metrics are measured by all of its runs.
//
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build, make check-sanitize, does not build)
// REQUIRES: primary
// RUN: %cc %s -o %t %libs
// RUN: rm -rf %t.d %t.db && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool%%m CCPROF_EVENTS=alloc %t first
// RUN: env CCPROF_OUT=%t.d/pool%%m CCPROF_EVENTS=alloc %t
// RUN: %metrics $(ls %t.d/pool* | grep -v 'lock\|ev-') --events | FileCheck %s
// RUN: %report --db %t.db $(ls %t.d/pool* | grep -v lock) > /dev/null
// CHECK: events alloc
// CHECK-NEXT: first_only alloc_bytes 5
// CHECK-NEXT: first_only alloc_calls 1
// CHECK-NEXT: three_hundred alloc_bytes 600
// CHECK-NEXT: three_hundred alloc_calls 6
//
// A run with io instead is merged into its own file:
// RUN: env CCPROF_OUT=%t.d/pool%%m CCPROF_EVENTS=io %t 2> /dev/null
// RUN: %metrics %t.d/pool*.ev-io --events | FileCheck --check-prefix=IO %s
// IO: events io
// IO-NEXT: main write_bytes 3
// IO-NEXT: main write_calls 1
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *volatile sink;

__attribute__((noinline)) void three_hundred(void)
{
	for (int i = 0; i < 3; i++)
		sink = malloc(100);
}

__attribute__((noinline)) void first_only(void)
{
	sink = malloc(5);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "first") == 0) {
		first_only();
		three_hundred();
	} else {
		write(2, "io\n", 3);
	}
	if (argc == 1 && getenv("CCPROF_EVENTS")[0] == 'a')
		three_hundred();
	return 0;
}
