// A request to stop (SIGTERM here; also SIGINT, SIGHUP, SIGQUIT, SIGPIPE,
// SIGXCPU) in a program with no handler of its own: the profile is
// written, "status incomplete", and the program still dies of the signal
// (exit status 143 = 128 + SIGTERM).
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// STATUS: status=143
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 9

#include <signal.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 9; i++)
		sum += step(i);
	kill(getpid(), SIGTERM);
	for (;;)
		pause();
}
