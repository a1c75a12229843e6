// A vfork child shares its parent's memory until it execs or _exits, and
// runs no fork handlers: the exec and _exit wrappers recognise it (its pid
// is not the runtime's) and neither write a profile nor touch the
// runtime's state.  So no profile exists until the parent exits, the
// parent's sampling goes on, and so does that of a child it forks later
// (the runtime still knows its timer is armed, and arms one in the child).
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.out %t | FileCheck --check-prefix=LOG %s
// LOG: profile before exit: none
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS: prof.out
// LS-NEXT: prof.out.{{[0-9]+}}
// LS-NOT: prof
// RUN: FileCheck --check-prefix=FILE %s < %t.d/prof.out
// RUN: cat %t.d/prof.out.* | FileCheck --check-prefix=FILE %s
// FILE: ticks{{[[:space:]]+[1-9][0-9]*$}}
// FILE: status{{[[:space:]]}}complete
// RUN: %counts %t.d/prof.out | FileCheck %s
// CHECK: main 1
// CHECK: step 3

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	struct stat st;
	volatile int sum = 0;

	sum += step(0);
	for (int i = 0; i < 3; i++) {
		pid_t pid = vfork();

		if (pid == 0) {
			if (i == 2)
				_exit(0);	/* as after a failed exec */
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		waitpid(pid, NULL, 0);
	}
	printf("profile before exit: %s\n",
	       stat(getenv("CCPROF_OUT"), &st) == 0 ? "exists" : "none");
	fflush(stdout);
	if (fork() == 0) {
		robust_burn_cpu_ms(250);
		exit(0);
	}
	wait(NULL);
	sum += step(1);
	sum += step(2);
	robust_burn_cpu_ms(250);
	return 0;
}
