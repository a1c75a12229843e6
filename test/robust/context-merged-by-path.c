// Context mode with %m: a context of this run adds into the old file's
// context of the same path (the cost centres from the root); old
// contexts this run does not have are kept under their parents; a dump
// followed by the exit write counts each call once.  Three runs: "a"
// (main;a;leaf, dumping in the middle), "b" (main;b;leaf), "a" again.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t a
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t b
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t a
// RUN: %contexts paths %t.d/pool-*.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.d/pool-*.out
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=FLAT %s
// CHECK:      main 3
// CHECK-NEXT: main;a 2
// CHECK-NEXT: main;a;leaf 16
// CHECK-NEXT: main;b 1
// CHECK-NEXT: main;b;leaf 3
// CHECK-EMPTY:
// FLAT:      a 2
// FLAT-NEXT: b 1
// FLAT-NEXT: leaf 19
// FLAT-NEXT: main 3

#include "ccprof.h"

static volatile int sink;

__attribute__((noinline)) void leaf(void) { sink++; }

__attribute__((noinline)) void a(void)
{
	for (int i = 0; i < 5; i++)
		leaf();
	ccprof_dump();
	for (int i = 0; i < 3; i++)
		leaf();
}

__attribute__((noinline)) void b(void)
{
	for (int i = 0; i < 3; i++)
		leaf();
}

int main(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] == 'a')
		a();
	else
		b();
	return 0;
}
