// Functions whose addresses are taken (a dispatch table, as in a threaded
// interpreter) that call each other in tail position through the table,
// 10^8 deep, at -O2, run to completion in flat and context mode: a
// function with a call in tail position that may run profiled code keeps
// it a jump and does not put `current` back after it, so the stack does
// not grow.  (One that only calls, in tail position, what cannot move
// `current` does put it back: callbacks-return-current-to-caller.c.)
// Counts are exact.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t 100000000
// RUN: %counts %t.out | FileCheck %s
// RUN: %cc -O2 %ctxflags %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc 100000000
// RUN: %counts %tc.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: op_a 50000001
// CHECK-NEXT: op_b 50000000
#include <stdlib.h>

typedef int (*op)(unsigned long n);
extern op ops[2];

__attribute__((noinline)) int op_a(unsigned long n)
{
	if (n == 0)
		return 1;
	return ops[1](n - 1);
}

__attribute__((noinline)) int op_b(unsigned long n)
{
	if (n == 0)
		return 0;
	return ops[0](n - 1);
}

op ops[2] = {op_a, op_b};

int main(int argc, char **argv)
{
	return !ops[0](argc > 1 ? strtoul(argv[1], 0, 10) : 10);
}
