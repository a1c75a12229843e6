// A profiled function whose address is taken (here, passed to an
// unprofiled library that calls it back) puts `current` back as it found
// it when it returns.  So the library's own work after a callback returns
// is charged to the library's caller, main, as the rest of the library's
// time is, not to the callback (which used to get it all); and in
// context mode the second callback of the same library call is main's
// child, as the first is, not the first's (`main;first;second` before).
// Flat and context mode, -O0 and -O2.
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
// CHECK:      first 1
// CHECK-NEXT: main 1
// CHECK-NEXT: second 1
// CTX:      main 1
// CTX-NEXT: main;first 1
// CTX-NEXT: main;second 1
// CTX-NOT:  first;second
#include <stdio.h>

void run2(void (*a)(void), void (*b)(void));

static volatile int x;

void first(void)
{
	for (int i = 0; i < 1000; i++)
		x += i;
}

void second(void)
{
	for (int i = 0; i < 1000; i++)
		x -= i;
}

int main(void)
{
	run2(first, second);
	printf("%d\n", x);
	return 0;
}
