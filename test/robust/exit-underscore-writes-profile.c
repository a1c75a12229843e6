// _exit and _Exit end the process without atexit handlers; libccprof
// interposes them and writes the profile first ("status complete", exact
// counts).  The exit status is the program's.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -f %t._exit.out %t._Exit.out
// RUN: env CCPROF_OUT=%t._exit.out sh -c '%t _exit; echo status=$?' | FileCheck --check-prefix=STATUS %s
// RUN: env CCPROF_OUT=%t._Exit.out sh -c '%t _Exit; echo status=$?' | FileCheck --check-prefix=STATUS %s
// STATUS: status=5
// RUN: FileCheck --check-prefix=FILE %s < %t._exit.out
// RUN: FileCheck --check-prefix=FILE %s < %t._Exit.out
// FILE: status{{[[:space:]]}}complete
// RUN: %counts %t._exit.out | FileCheck %s
// RUN: %counts %t._Exit.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 4

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;

	for (int i = 0; i < 4; i++)
		sum += step(i);
	if (argc > 1 && !strcmp(argv[1], "_Exit"))
		_Exit(5);
	_exit(5);
}
