// Context mode and fork: the child's profile has only the child's own
// calls (every node's counts start from zero at the fork; its tree and
// memos stay valid, at the same addresses), the parent's only the
// parent's.  The child goes on from the forking context: its step calls
// are under main;spawn.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t %libs
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CCPROF_OUT=%t.d/%%p.out %t
// RUN: %contexts paths $(ls %t.d/*.out | head -1) > %t.first
// RUN: %contexts paths $(ls %t.d/*.out | tail -1) > %t.second
// RUN: cat %t.first %t.second | sort | FileCheck %s
// CHECK:      main 0
// CHECK-NEXT: main 1
// CHECK-NEXT: main;spawn 0
// CHECK-NEXT: main;spawn 1
// CHECK-NEXT: main;spawn;step 2
// CHECK-NEXT: main;spawn;step 3
// CHECK-NEXT: main;step 4
// CHECK-EMPTY:

#include <sys/wait.h>
#include <unistd.h>

static volatile int sink;

__attribute__((noinline)) void step(void) { sink++; }

__attribute__((noinline)) int spawn(void)
{
	pid_t pid;

	step();
	step();
	step();
	pid = fork();
	if (pid == 0) {
		step();
		step();
		return 0;
	}
	waitpid(pid, NULL, 0);
	return 1;
}

int main(void)
{
	if (!spawn())
		return 0;	/* the child */
	for (int i = 0; i < 4; i++)
		step();
	return 0;
}
