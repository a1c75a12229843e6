// A program that runs an instrumented command with system() or popen(),
// both with the same CCPROF_OUT (no %p: the default ccprof.out, say),
// leaves both profiles: the command, another process that ends first,
// writes the path; the program, at its end, finds there a profile another
// process wrote while it ran, renames it "<path>.<its pid>" (the name a
// forked child's profile has) with a note, and writes its own.  Before,
// the program's profile replaced the command's, silently.  An earlier
// run's profile is still replaced: no note, no extra file.
// The program calls parent_work() 5 times, each command child_work() 7.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.out %t system 2> %t.err
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: ccprof: note: '{{.*}}prof.out' held the profile of process [[PID:[0-9]+]], written while this one ran; it is now '{{.*}}prof.out.[[PID]]'
// RUN: ls %t.d | sed 's/[0-9][0-9]*/PID/' | FileCheck --check-prefix=FILES %s
// FILES: prof.out{{$}}
// FILES-NEXT: prof.out.PID{{$}}
// FILES-NOT: {{.}}
// RUN: %counts %t.d/prof.out | FileCheck --check-prefix=PARENT %s
// PARENT: parent_work 5
// PARENT-NOT: child_work
// RUN: %counts %t.d/prof.out.* | FileCheck --check-prefix=CHILD %s
// CHILD: child_work 7
//
// popen: the same.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.out %t popen 2> %t.err
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// RUN: ls %t.d | sed 's/[0-9][0-9]*/PID/' | FileCheck --check-prefix=FILES %s
// RUN: %counts %t.d/prof.out | FileCheck --check-prefix=PARENT %s
// RUN: %counts %t.d/prof.out.* | FileCheck --check-prefix=CHILD %s
//
// A second run replaces the first's profile, as always.
// RUN: env CCPROF_OUT=%t.d/prof.out %t child 2> %t.err2
// RUN: not grep . %t.err2
// RUN: ls %t.d | sed 's/[0-9][0-9]*/PID/' | FileCheck --check-prefix=FILES %s
// RUN: %counts %t.d/prof.out | FileCheck --check-prefix=CHILD %s

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int parent_work(int i)
{
	return i * 3;
}

__attribute__((noinline)) int child_work(int i)
{
	return i * 5;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;
	char cmd[4096];

	if (argc > 1 && strcmp(argv[1], "child") == 0) {
		for (int i = 0; i < 7; i++)
			sum += child_work(i);
		return 0;
	}
	for (int i = 0; i < 5; i++)
		sum += parent_work(i);
	snprintf(cmd, sizeof(cmd), "'%s' child", argv[0]);
	if (argc > 1 && strcmp(argv[1], "popen") == 0) {
		FILE *p = popen(cmd, "r");

		if (!p || pclose(p) != 0)
			return 1;
	} else if (system(cmd) != 0) {
		return 1;
	}
	return 0;
}
