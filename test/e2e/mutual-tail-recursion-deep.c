// Mutual recursion in tail position, 10^8 deep, instrumented at -O2, runs
// to completion: no `current` reset follows a tail call, so the calls stay
// jumps and the stack does not grow.  Counts are exact.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t 100000000
// RUN: %counts %t.out | FileCheck %s
// CHECK: is_even 50000001
// CHECK-NEXT: is_odd 50000000
// CHECK-NEXT: main 1
#include <stdlib.h>

int is_odd(unsigned long n);

__attribute__((noinline)) int is_even(unsigned long n)
{
	if (n == 0)
		return 1;
	return is_odd(n - 1);
}

__attribute__((noinline)) int is_odd(unsigned long n)
{
	if (n == 0)
		return 0;
	return is_even(n - 1);
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 10;
	return is_even(n) ? 0 : 1;
}
