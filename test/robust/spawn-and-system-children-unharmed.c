// system() and posix_spawn() work unchanged: libc runs their exec in a
// child the runtime does not profile (no profile is written for it) and
// that gets no sampling signal: a plain child that counts every signal
// the runtime could sample with (SIGURG, SIGPROF, the real-time signals)
// while it burns CPU sees none and exits normally.
//
// RUN: %plain_cc -I%S/Inputs -DCHILD %s -o %t.child
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=prof.out %t %t.child | FileCheck --check-prefix=LOG %s
// LOG: child: 0 signals
// LOG-NEXT: system: exit 0
// LOG-NEXT: child: 0 signals
// LOG-NEXT: posix_spawn: exit 0
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS-NOT: prof.out.
// LS: prof.out
// LS-NOT: prof.out.
// RUN: %counts %t.d/prof.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 5

#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "robust.h"

#ifdef CHILD

static volatile sig_atomic_t signals;

static void count(int sig)
{
	(void)sig;
	signals++;
}

int main(void)
{
	signal(SIGURG, count);
	signal(SIGPROF, count);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		signal(sig, count);
	robust_burn_cpu_ms(150);
	printf("child: %d signals\n", (int)signals);
	fflush(stdout);
	return signals ? 3 : 0;
}

#else

extern char **environ;

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	char *args[] = { argv[1], NULL };
	volatile int sum = 0;
	int status;
	pid_t pid;

	if (argc < 2)
		return 1;
	for (int i = 0; i < 3; i++)
		sum += step(i);
	fflush(stdout);
	status = system(argv[1]);
	printf("system: exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	fflush(stdout);
	if (posix_spawn(&pid, argv[1], NULL, NULL, args, environ) != 0)
		return 1;
	waitpid(pid, &status, 0);
	printf("posix_spawn: exit %d\n",
	       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	for (int i = 0; i < 2; i++)
		sum += step(i);
	return 0;
}

#endif
