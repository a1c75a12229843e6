// `prog | head` ends prog with SIGPIPE when head has read enough.  With no
// SIGPIPE handler of the program's own, the runtime writes the profile
// ("status incomplete") and lets the signal end the program as before.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -f %t.out %t.status
// RUN: env CCPROF_OUT=%t.out sh -c '{ %t; echo $? > %t.status; } | head -n 2'
// RUN: FileCheck --check-prefix=STATUS %s < %t.status
// STATUS: 141
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: say {{[1-9][0-9]+}}

#include <stdio.h>

__attribute__((noinline)) void say(int i)
{
	printf("line %d\n", i);
}

int main(void)
{
	for (int i = 0;; i++)
		say(i);
}
