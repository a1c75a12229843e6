// CCPROF_OUT=/dev/stdout (or /dev/fd/1) with the program's output
// redirected to a regular file: the profile is written through the program's own
// descriptor, at its offset, so the program's output that stdio flushes
// at exit, after the profile, follows it instead of overwriting it.
// Before, the runtime wrote through a descriptor of its own, at offset 0
// of the empty file, and the program's "hi" went over its first bytes
// ("hi\nrof\t6..."): neither was whole.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=/dev/stdout %t > %t.txt
// RUN: FileCheck %s --check-prefix=FILE < %t.txt
// FILE: {{^}}ccprof{{[[:space:]]}}
// FILE: {{^}}end{{[[:space:]]}}
// FILE-NEXT: {{^}}hi from the program{{$}}
// FILE-NOT: {{.}}
// RUN: grep -v '^hi from' %t.txt > %t.prof
// RUN: %counts %t.prof | FileCheck %s
// CHECK: step 3
//
// The same through /dev/fd/1, which before named the file itself: the
// profile replaced it, and the program's output went to the old file,
// unlinked: lost.
// RUN: env CCPROF_OUT=/dev/fd/1 %t > %t.fd.txt
// RUN: FileCheck %s --check-prefix=FILE < %t.fd.txt
//
// Appending (>>) after earlier output: both kept, in order.
// RUN: echo before > %t.app
// RUN: env CCPROF_OUT=/dev/stdout %t >> %t.app
// RUN: head -1 %t.app | FileCheck %s --check-prefix=BEFORE
// BEFORE: before
// RUN: tail -1 %t.app | FileCheck %s --check-prefix=AFTER
// AFTER: hi from the program
#include <stdio.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int s = 0;

	printf("hi from the program\n");	/* buffered: a file */
	for (int i = 0; i < 3; i++)
		s += step(i);
	return 0;
}
