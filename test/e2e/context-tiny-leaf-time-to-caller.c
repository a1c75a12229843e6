// Context mode has tiny leaves as flat mode does: a function with no loop
// and no call, at most leaf-size instructions, keeps its exact call count
// in every context (it still moves to its own node to count there) but
// never becomes `current`, so its few instructions are charged to its
// caller's context, and the flat profile derived from the context
// profile gives it no time, as flat mode's does.  A leaf that calls
// something is no leaf in context mode: its callee's context must have it
// as parent.  -O0 (each call an entry transition) and -O2 (inlined, the
// transition at the call site).
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts paths %t0.out --ticks > %t0.paths
// RUN: FileCheck %s < %t0.paths
// RUN: %contexts check %t0.out
// RUN: %cc -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts paths %t2.out --ticks > %t2.paths
// RUN: FileCheck %s < %t2.paths
// RUN: %contexts check %t2.out
//
// Flat mode at -O2 agrees that the leaf has calls and no time.
// RUN: %cc -O2 %s -o %t2f %libs
// RUN: env CCPROF_OUT=%t2f.out %t2f
// RUN: %counts %t2f.out --ticks | FileCheck --check-prefix=FLAT %s
//
// CHECK:      main 1 {{[0-9]+}}
// CHECK-NEXT: main;hot 1 {{[1-9][0-9]*}}
// CHECK-NEXT: main;hot;get 60000000 0{{$}}
// CHECK-NEXT: main;hot;wrapped 1000 {{[0-9]+}}
// CHECK-NEXT: main;hot;wrapped;get 1000 0{{$}}
// CHECK-NEXT: main;other 1 {{[0-9]+}}
// CHECK-NEXT: main;other;get 7 0{{$}}
// FLAT: get 60001007 0{{$}}
#include <stdio.h>

static volatile int data[64];

static int get(int i)
{
	return data[i & 63] + 1;
}

__attribute__((noinline)) static int wrapped(int i)
{
	return get(i) * 3;
}

__attribute__((noinline)) static long hot(int n)
{
	long s = 0;
	for (int r = 0; r < 20; r++)
		for (int i = 0; i < n; i++)
			s += get(i) ^ (s >> 3);
	for (int i = 0; i < 1000; i++)
		s += wrapped(i);
	return s;
}

__attribute__((noinline)) static long other(void)
{
	long s = 0;
	for (int i = 0; i < 7; i++)
		s += get(i);
	return s;
}

int main(void)
{
	printf("%ld\n", hot(3000000) + other());
	return 0;
}
