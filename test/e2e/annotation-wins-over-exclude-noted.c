// A function's own annotation wins over the policy and the pattern
// lists: x_cc, CCPROF_CC("x_label"), stays that cost centre under
// exclude=x_*, and keeps_out, CCPROF_UNPROFILED, stays out under
// include=keeps_*.  Every compiler notes the one that an exclude pattern
// would have left out, naming the function and the pattern, and counts
// a pattern that matched an annotated function as having matched: each
// said "note: ccprof: exclude=x_* matched no function", which was false.
//
// RUN: %cc -O1 %pluginopt-exclude=x_* %pluginopt-include=main,keeps_* %pluginopt-exclude=no_such_function -c %s -o %t.o 2> %t.err
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// NOTE: annotation-wins-over-exclude-noted.c:[[#@LINE+12]]:{{.*}}note: ccprof: CCPROF_CC({{.}}x_label{{.}}) on {{.}}x_cc{{.}} wins over exclude=x_*
// NOTE-NOT: exclude=x_* matched no function
// NOTE-NOT: include=keeps_* matched no function
// NOTE: note: ccprof: exclude=no_such_function matched no function in
// RUN: %cc %t.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: x_label 2
// CHECK-NOT: {{.}}
#include "ccprof.h"

CCPROF_CC("x_label") __attribute__((noinline)) int x_cc(int x)
{
	return x * 3;
}

CCPROF_UNPROFILED __attribute__((noinline)) int keeps_out(int x)
{
	return x + 1;
}

int main(void)
{
	return x_cc(1) + x_cc(keeps_out(0)) - 6;
}
