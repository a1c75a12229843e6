// Context mode: one function entered from 300 contexts in turn (300
// callers, each calling it once per round, 10 rounds) has 300 contexts
// with exactly 10 calls each.  The runtime's memo table for it grows
// from 4 ways to 256 while the rounds go on, copying its transitions,
// and 300 contexts still collide in 256 ways: every count stays exact
// through the growth and the misses (runtime/context.c, memo_for).
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts paths %t0.out | grep -c '^main;c[0-9]*;target 10$' | FileCheck %s
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s --check-prefix=PATHS
// RUN: %contexts check %t0.out
// RUN: %cc -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts paths %t2.out | grep -c '^main;c[0-9]*;target 10$' | FileCheck %s
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s --check-prefix=PATHS
// RUN: %contexts check %t2.out
// CHECK: {{^300$}}
// PATHS:     main 1
// PATHS:     main;c000 10
// PATHS-NEXT: main;c000;target 10
// PATHS:     main;c299 10
// PATHS-NEXT: main;c299;target 10
// PATHS-NOT: target
#include "many_callers.h"

static volatile int sink;

__attribute__((noinline)) void target(void) { sink++; }

#define CALLER(n) \
	__attribute__((noinline)) void c##n(void) { target(); sink++; }
REPEAT_HUNDRED(CALLER, 0) REPEAT_HUNDRED(CALLER, 1) REPEAT_HUNDRED(CALLER, 2)

#define ADDRESS(n) c##n,
static void (*const callers[])(void) = {
	REPEAT_HUNDRED(ADDRESS, 0) REPEAT_HUNDRED(ADDRESS, 1) REPEAT_HUNDRED(ADDRESS, 2)
};

int main(void)
{
	for (int round = 0; round < 10; round++)
		for (unsigned k = 0; k < sizeof callers / sizeof callers[0]; k++)
			callers[k]();
	return 0;
}
