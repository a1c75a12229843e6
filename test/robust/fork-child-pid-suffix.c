// A forked child that does not exec gets a profile of its own: with the
// CCPROF_OUT it inherited and no %p (or %m) in it, the child writes
// "<path>.<pid>", leaving its parent's file alone; its counters started
// from zero at the fork, so nothing is counted twice.  A child that makes
// no profiled call before exec or exit (fork, then exec) writes nothing.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.out %t > %t.d/pids
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS: pids
// LS-NEXT: prof.out
// LS-NEXT: prof.out.{{[0-9]+}}
// LS-NOT: prof
// RUN: %counts %t.d/prof.out | FileCheck --check-prefix=PARENT %s
// PARENT: main 1
// PARENT-NEXT: parent_work 3
// RUN: cd %t.d && %counts $(cat pids) | FileCheck --check-prefix=CHILD %s
// CHILD: child_work 2
// CHILD-NOT: main
// CHILD-NOT: parent_work

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) int parent_work(int i)
{
	return i + 1;
}

__attribute__((noinline)) int child_work(int i)
{
	return i + 2;
}

int main(void)
{
	volatile int sum = 0;
	pid_t child;

	sum += parent_work(0);
	sum += parent_work(1);
	child = fork();
	if (child == 0) {
		sum += child_work(0);
		sum += child_work(1);
		exit(0);
	}
	waitpid(child, NULL, 0);
	printf("prof.out.%d\n", (int)child);
	/* fork, then exec at once: no profile for that child. */
	if (fork() == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	wait(NULL);
	sum += parent_work(2);
	return 0;
}
