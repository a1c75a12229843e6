// Even a stack overflow writes the profile: the runtime's fatal-signal
// handler runs on an alternate signal stack it installs for the main
// thread (unless the program has one).  The program still dies of
// SIGSEGV.  (How deep the recursion got depends on the stack limit, so
// only main's count is exact.)
//
// RUN: %cc -O0 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// STATUS: status=139
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: recurse {{[1-9][0-9]+}}

#include <string.h>

int recurse(int depth)
{
	volatile char frame[4096];

	memset((char *)frame, depth, sizeof(frame));
	return recurse(depth + 1) + frame[depth % sizeof(frame)];
}

int main(void)
{
	return recurse(0);
}
