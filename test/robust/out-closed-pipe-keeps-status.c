// A profile written into a pipe whose reader has gone (CCPROF_OUT=
// /dev/stdout, `prog | true`): the write fails with EPIPE instead of
// killing the program with SIGPIPE at exit (the runtime ignores SIGPIPE
// while it writes, when its action would end the program); one
// diagnostic, and the exit status is the program's own.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.status %t.err
// RUN: env CCPROF_OUT=/dev/stdout sh -c '{ %t 2> %t.err; echo status=$? > %t.status; } | true'
// RUN: FileCheck --check-prefix=STATUS %s < %t.status
// STATUS: status=7
// RUN: FileCheck %s < %t.err
// CHECK: ccprof: cannot write profile '/dev/stdout': Broken pipe
// CHECK-NOT: ccprof

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = step(6);

	robust_sleep_ms(200);	/* the reader is gone by now */
	return sum;
}
