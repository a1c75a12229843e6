// A stack overflow in a thread other than the main one writes the profile
// too: every thread started through the pthread_create wrapper gets an
// alternate signal stack, so the fatal-signal handler can run.  The
// program still dies of SIGSEGV.  (How deep the recursion got depends on
// the thread's stack size, so only main's and the thread's counts are
// exact.)
//
// RUN: %cc -O0 %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// STATUS: status=139
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: overflow_thread 1
// CHECK-NEXT: recurse {{[1-9][0-9]+}}

#include <pthread.h>
#include <string.h>

int recurse(int depth)
{
	volatile char frame[4096];

	memset((char *)frame, depth, sizeof(frame));
	return recurse(depth + 1) + frame[depth % sizeof(frame)];
}

void *overflow_thread(void *arg)
{
	(void)arg;
	recurse(0);
	return NULL;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, overflow_thread, NULL);
	pthread_join(t, NULL);
	return 0;
}
