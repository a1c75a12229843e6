// Context mode: the slow path of a transition writes nothing in the 128
// bytes below the stack pointer, the red zone, where a leaf function may
// keep its locals and spills.  leafcheck is a leaf (inc is inlined) that
// keeps a 128-byte array there, live across inc's transition, whose first
// run from each context is the slow path.  Its saves once went inside the
// red zone and overwrote the array's lowest words (with every compiler;
// SHA-256's transform in liblzma lost a spilled register and crashed),
// in an executable and in a shared object alike.  The program checks the
// array and exits 1 if it changed.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s --check-prefix=PATHS
// RUN: %cc -O2 -fPIC -shared %ctxflags -DLIB %s -o %t-lib.so %libs
// RUN: %cc -O2 %ctxflags -DMAIN %s %t-lib.so -o %t-so -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%t-so.out %t-so | FileCheck %s
// RUN: %contexts paths %t-so.out | FileCheck --match-full-lines %s --check-prefix=PATHS
// CHECK: red zone kept
// PATHS:      {{^}}main 1{{$}}
// PATHS-NEXT: {{^}}main;leafcheck 3{{$}}
// PATHS-NEXT: {{^}}main;leafcheck;inc 3{{$}}
#include <stdio.h>

int leafcheck(int x);

#ifndef MAIN
static inline int inc(int x)
{
	return x + 1;
}

__attribute__((noinline)) int leafcheck(int x)
{
	volatile long a[16];
	for (int i = 0; i < 16; i++)
		a[i] = x + i;
	int y = inc(x);
	long s = 0;
	for (int i = 0; i < 16; i++)
		s += a[i] - i;
	return s == 16L * x && y == x + 1 ? 0 : 1;
}
#endif

#ifndef LIB
int main(void)
{
	int bad = 0;
	for (int r = 0; r < 3; r++)
		bad |= leafcheck(r + 5);
	puts(bad ? "red zone overwritten" : "red zone kept");
	return bad;
}
#endif
