// The flat profile shows a cost centre charged a metric even when it was
// never called nor sampled: here (unprofiled), which holds the 1,000,000
// bytes an uninstrumented constructor allocates before main.  Before, it
// was left out with the rows never called nor sampled (--all showed it),
// and the table's 4106 bytes read as all of them.
//
// RUN: %plain_cc -O1 -c %S/Inputs/unprofiled-allocations.c -o %t-lib.o
// RUN: %cc -O1 %s %t-lib.o -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc %t
// RUN: %report --db %t.db %t.out | FileCheck %s
// CHECK: alloc_calls  alloc_bytes
// CHECK: 1000      1000000 {{.*}}(unprofiled)
// RUN: %report --db %t.db --no-import --format csv | FileCheck %s --check-prefix=CSV
// CSV: (unprofiled),{{.*}},1000,1000000,
#include <stdio.h>
#include <stdlib.h>

void *volatile keep;

__attribute__((noinline)) void small(void)
{
	keep = malloc(10);
}

int main(void)
{
	small();
	return 0;
}
