// REQUIRES: clang
// Two blocks of one function on one line are outer.anon@LINE and
// outer.anon@LINE#2, in source order (clang's __outer_block_invoke and
// __outer_block_invoke_2), as two lambdas on one line are.
//
// RUN: %cc -g -O0 -fblocks %s -o %t0 %libs -lBlocksRuntime
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -g -O2 -fblocks %s -o %t2 %libs -lBlocksRuntime
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %counts %t2.out | FileCheck %s
//
// CHECK: main 1
// CHECK-NEXT: outer 1
// CHECK-NEXT: outer.anon@28 2
// CHECK-NEXT: outer.anon@28#2 1
// CHECK-NEXT: work 3
static volatile long sink;

__attribute__((noinline)) static void work(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) void outer(void)
{
	void (^a)(int) = ^(int n) { work(n); }; void (^b)(int) = ^(int n) { work(2 * n); };

	a(1);
	a(2);
	b(3);
}

int main(void)
{
	outer();
	return 0;
}
