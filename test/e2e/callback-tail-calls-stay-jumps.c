// Functions whose addresses are taken (a dispatch table, as in a threaded
// interpreter) that call each other in tail position through the table,
// 10^8 deep, at -O2, run to completion in flat and context mode: a
// function with a call in tail position that may run profiled code keeps
// it a jump and does not put `current` back after it, so the stack does
// not grow.  So does one whose direct callee comes back to it in tail
// position (walk_a, whose address is taken, and walk_b).  (One whose
// calls in tail position cannot come back to it does put `current` back:
// callbacks-return-current-to-caller.c,
// callback-ending-in-profiled-call-returns-current.c.)  Counts are exact.
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
// CHECK-NEXT: walk_a 50000001
// CHECK-NEXT: walk_b 50000000
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

__attribute__((noinline)) int walk_b(unsigned long n);

__attribute__((noinline)) int walk_a(unsigned long n)
{
	if (n == 0)
		return 1;
	return walk_b(n - 1);
}

__attribute__((noinline)) int walk_b(unsigned long n)
{
	if (n == 0)
		return 0;
	return walk_a(n - 1);
}

op volatile walk = walk_a;

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 10;
	return !ops[0](n) + !walk(n);
}
