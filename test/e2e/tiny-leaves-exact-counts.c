// leaf-size=N: tiny leaves (no loop, at most N instructions with those of
// the tiny leaves they call) set no `current` but keep their exact call
// counts, inlined (-O2) or not (-O0); a function with a loop, one calling
// something else, and the callers all keep theirs too.
//
// RUN: %cc -O0 %pluginopt-leaf-size=16 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %pluginopt-leaf-size=16 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %counts %t2.out | FileCheck %s
// CHECK: get_kind 3000000
// CHECK-NEXT: is_valid 1000000
// CHECK-NEXT: main 1
// CHECK-NEXT: report 1
// CHECK-NEXT: sum_kinds 1000
#include <stdio.h>

struct value {
	unsigned char kind;
	int n;
};

static int get_kind(struct value v)
{
	return v.kind & 0xf;
}

static int is_valid(struct value v)
{
	return get_kind(v) != 0;
}

__attribute__((noinline)) static long sum_kinds(const struct value *vs, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += get_kind(vs[i]) + get_kind(vs[i]) + is_valid(vs[i]);
	return s;
}

__attribute__((noinline)) static void report(long s)
{
	printf("%ld\n", s);
}

int main(void)
{
	static struct value vs[1000];
	long s = 0;
	for (int i = 0; i < 1000; i++)
		vs[i].kind = (unsigned char)(i % 7);
	for (int r = 0; r < 1000; r++)
		s += sum_kinds(vs, 1000);
	report(s);
	return 0;
}
