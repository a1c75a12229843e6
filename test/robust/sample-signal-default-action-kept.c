// A signal the program sends itself on the sample signal, with no handler
// of its own, takes the default action as without ccprof: with
// CCPROF_SIGNAL=RTMAX, raise(SIGRTMAX) ends the process by that signal.
// The runtime's handler used to drop it and the program went on.
//
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: not --crash %t.plain > %t.plain.log
// RUN: %cc -O1 %s -o %t %libs
// RUN: not --crash env CCPROF_SIGNAL=RTMAX CCPROF_OUT=%t.out %t > %t.log
// RUN: diff %t.plain.log %t.log
// RUN: FileCheck %s < %t.log
// CHECK: raising SIGRTMAX
// CHECK-NOT: survived

#include <signal.h>
#include <stdio.h>

static volatile unsigned long sink;

__attribute__((noinline)) void work(void)
{
	for (unsigned long i = 0; i < 50000000; i++)
		sink += i;
}

int main(void)
{
	work();
	printf("raising SIGRTMAX\n");
	fflush(stdout);
	raise(SIGRTMAX);
	printf("survived\n");
	return 0;
}
