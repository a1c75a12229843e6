// An uncaught exception calls std::terminate, which calls abort(): the
// profile is written as for abort ("status incomplete", exact counts) and
// the program still dies of SIGABRT (exit status 134).
//
// RUN: %cxx -O2 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// STATUS: status=134
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step(int) 3
// CHECK-NEXT: thrower() 1

#include <stdexcept>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

__attribute__((noinline)) void thrower()
{
	throw std::runtime_error("nobody catches this");
}

int main()
{
	volatile int sum = 0;

	for (int i = 0; i < 3; i++)
		sum += step(i);
	thrower();
	return sum;
}
