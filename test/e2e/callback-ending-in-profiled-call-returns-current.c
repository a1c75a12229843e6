// A callback whose last act is a call of other profiled code (here
// `finish`, in tail position) still puts `current` back when it returns
// into the unprofiled library that called it, since `finish` cannot come
// back to it through calls in tail position: the store after that call
// costs one frame.  So the library's work after each callback is charged
// to its caller, main, not to `finish` (which got half the time before),
// and in context mode the second callback is main's child, not
// finish's.  Flat and context mode, -O0 and -O2.
//
// REQUIRES: context-mode
// RUN: %plain_cc -O2 -c %S/Inputs/callbacks-unprofiled-library.c -o %t-lib.o
// RUN: %cc -O0 %s %t-lib.o -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out main=100 --tol 5
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %s %t-lib.o -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out main=100 --tol 5
// RUN: %counts %t2.out | FileCheck %s
//
// RUN: %cc -O0 %ctxflags %s %t-lib.o -o %t0c %libs
// RUN: env CCPROF_OUT=%t0c.out %t0c
// RUN: %shares %t0c.out main=100 --tol 5
// RUN: %contexts paths %t0c.out | FileCheck --check-prefix=CTX %s
// RUN: %cc -O2 %ctxflags %s %t-lib.o -o %t2c %libs
// RUN: env CCPROF_OUT=%t2c.out %t2c
// RUN: %shares %t2c.out main=100 --tol 5
// RUN: %contexts paths %t2c.out | FileCheck --check-prefix=CTX %s
//
// CHECK:      finish 2
// CHECK-NEXT: first 1
// CHECK-NEXT: main 1
// CHECK-NEXT: second 1
// CTX:      main 1
// CTX-NEXT: main;first 1
// CTX-NEXT: main;first;finish 1
// CTX-NEXT: main;second 1
// CTX-NEXT: main;second;finish 1
// CTX-NOT:  finish;second
#include <stdio.h>

void run2(void (*a)(void), void (*b)(void));

static volatile int x;

__attribute__((noinline)) void finish(int sign)
{
	for (int i = 0; i < 1000; i++)
		x += sign * i;
}

void first(void)
{
	x += 1;
	finish(1);
}

void second(void)
{
	x -= 1;
	finish(-1);
}

int main(void)
{
	run2(first, second);
	printf("%d\n", x);
	return 0;
}
