// C: a signal handler that siglongjmps out of a deep profiled call chain.
// `jumper` works five frames below `setter` and raises SIGUSR1; the
// (profiled) handler `on_usr1` siglongjmps back to setter's sigsetjmp.
// Time after sigsetjmp's second return goes to setter, which called
// sigsetjmp (the reset after the call runs on both returns), not to the
// handler or to jumper.  sigsetjmp(env, 1) saves the signal mask, so
// siglongjmp unblocks SIGUSR1 again for the next round; the program checks
// that it did.
//
// RUN: %cc -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 10
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 setter=90 jumper=10 --tol 3
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=10 -D#JUMPS=60
// RUN: %cc -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 setter=90 jumper=10 --tol 3
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=16 -D#JUMPS=96
// CHECK: jumper [[#JUMPS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: on_usr1 [[#ROUNDS]]
// CHECK-NEXT: setter 1
// CHECK-NEXT: usr1_unblocked [[#ROUNDS]]
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include "e2e_work.h"

static sigjmp_buf env;

__attribute__((noinline)) void on_usr1(int sig)
{
	(void)sig;
	siglongjmp(env, 1);
}

__attribute__((noinline)) void jumper(int depth)
{
	if (depth == 0) {
		WORK("jumper", 2 * UNIT);
		raise(SIGUSR1);
		abort(); /* the handler never returns */
	}
	jumper(depth - 1);
	e2e_sink++;
}

static int usr1_unblocked(void)
{
	sigset_t now;

	sigprocmask(SIG_BLOCK, NULL, &now);
	return !sigismember(&now, SIGUSR1);
}

__attribute__((noinline)) void setter(int rounds)
{
	for (volatile int r = 0; r < rounds; r++) {
		if (sigsetjmp(env, 1) == 0) {
			jumper(5);
		} else {
			/* The work comes first: a call before it would reset
			 * `current` by itself and hide a missing reset after
			 * sigsetjmp. */
			WORK("setter", 18 * UNIT);
			if (!usr1_unblocked()) {
				fprintf(stderr, "SIGUSR1 still blocked\n");
				abort();
			}
		}
	}
}

int main(int argc, char **argv)
{
	struct sigaction sa = { 0 };

	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	setter(ROUNDS(argc, argv));
	return 0;
}
