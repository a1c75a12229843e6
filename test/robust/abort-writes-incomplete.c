// abort() (here from a failed assert) raises SIGABRT; the runtime's
// handler writes what was counted, marked "status incomplete", then
// restores the default action and re-raises: the program still dies of
// SIGABRT (exit status 134 in the shell, and a core dump if enabled).
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// STATUS: status=134
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 6

#undef NDEBUG
#include <assert.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 6; i++)
		sum += step(i);
	assert(sum == 0);
	return 0;
}
