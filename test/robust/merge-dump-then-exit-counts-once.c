// With %m, a process that dumps and then exits merges each call once: the
// exit write adds only what was counted since the dump; and the process
// once.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: %counts %t.d/pool-*.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 8
// RUN: cat %t.d/pool-*.out | FileCheck --check-prefix=FILE %s
// FILE: processes{{[[:space:]]}}1
// FILE: status{{[[:space:]]}}complete

#include "ccprof.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 5; i++)
		sum += step(i);
	if (ccprof_dump() != 0)
		return 1;
	for (int i = 0; i < 3; i++)
		sum += step(i);
	return 0;
}
