// Context mode: a thread's table of transitions starts small and is
// replaced by larger ones as its tree grows (at 512 and 2,048 nodes;
// runtime/context.c, transitions_grow).  1,200 callers each calling one
// function through a pointer, 10 rounds, make 2,401 nodes, so the table
// is replaced twice during the first round, while a 100 µs timer's
// handler runs profiled code that makes transitions of its own (a
// handler may replace the table while the code it interrupted holds a
// slot of the old one).  Every count stays exact.  (The handler's
// contexts hang under whichever function it interrupted, so the lines
// after a caller's are not always its target's.)
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
// CHECK: {{^1200$}}
// PATHS:     main 1
// PATHS:     main;c0000 10
// PATHS:     main;c0000;target 10
// PATHS:     main;c1199 10
// PATHS:     main;c1199;target 10
#include <signal.h>
#include <sys/time.h>

#include "many_callers.h"

static volatile int sink;

__attribute__((noinline)) void target(void) { sink++; }
__attribute__((noinline)) void in_handler_leaf(int k) { sink += k; }
__attribute__((noinline)) void in_handler(int k) { in_handler_leaf(k); }

static void on_alarm(int sig)
{
	in_handler(sig);
}

#define CALLER(n) \
	__attribute__((noinline)) void c##n(void) { target(); sink++; }
REPEAT_THOUSAND(CALLER, 0) REPEAT_HUNDRED(CALLER, 10) REPEAT_HUNDRED(CALLER, 11)

#define ADDRESS(n) c##n,
static void (*const callers[])(void) = {
	REPEAT_THOUSAND(ADDRESS, 0) REPEAT_HUNDRED(ADDRESS, 10)
	REPEAT_HUNDRED(ADDRESS, 11)
};

int main(void)
{
	struct itimerval every = { { 0, 100 }, { 0, 100 } };

	signal(SIGALRM, on_alarm);
	setitimer(ITIMER_REAL, &every, 0);
	for (int round = 0; round < 10; round++)
		for (unsigned k = 0; k < sizeof callers / sizeof callers[0]; k++)
			callers[k]();
	every.it_value.tv_usec = every.it_interval.tv_usec = 0;
	setitimer(ITIMER_REAL, &every, 0);
	return 0;
}
