// %m in CCPROF_OUT merges: each process adds its counts into the profile
// already at the path, under a lock, so 32 forked children writing at
// once, then their parent, leave exact totals; a second run adds to them.
// %m stands for a signature of the program; fork children merge into the
// same file (no ".<pid>" suffix).
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS: pool-{{[0-9a-f]+}}.out
// LS-NEXT: pool-{{[0-9a-f]+}}.out.lock
// LS-NOT: pool
// RUN: %report --db %t.d/check.db %t.d/pool-*.out > /dev/null
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=ONE %s
// ONE: child_work 32
// ONE-NEXT: main 1
// ONE-NEXT: step 3200
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=TWO %s
// TWO: child_work 64
// TWO-NEXT: main 2
// TWO-NEXT: step 6400
// The file holds 2 x 33 processes: each child and each parent once.
// RUN: grep '^processes' %t.d/pool-*.out | FileCheck --check-prefix=PROCESSES %s
// PROCESSES: processes{{[[:space:]]}}66

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

__attribute__((noinline)) void child_work(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 100; i++)
		sum += step(i);
}

int main(void)
{
	int pipefd[2];
	char go;

	/* The children wait for one another, then all exit at once. */
	if (pipe(pipefd) != 0)
		return 1;
	for (int i = 0; i < 32; i++) {
		if (fork() == 0) {
			close(pipefd[1]);
			child_work();
			(void)!read(pipefd[0], &go, 1);
			exit(0);
		}
	}
	close(pipefd[0]);
	close(pipefd[1]);
	while (wait(NULL) > 0)
		;
	return 0;
}
