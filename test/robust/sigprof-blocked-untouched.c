// A program that blocks SIGPROF sees no SIGPROF pending, ccprof or not:
// ccprof's timer sends another signal (SIGURG), and samples all the same.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t | FileCheck --check-prefix=LOG %s
// LOG: SIGPROF pending: no
// RUN: FileCheck %s < %t.out
// CHECK: hz{{[[:space:]]}}1000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include <signal.h>
#include <stdio.h>

#include "robust.h"

int main(void)
{
	sigset_t prof, pending;

	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	sigprocmask(SIG_BLOCK, &prof, NULL);
	robust_burn_cpu_ms(250);
	sigpending(&pending);
	printf("SIGPROF pending: %s\n",
	       sigismember(&pending, SIGPROF) ? "yes" : "no");
	return 0;
}
