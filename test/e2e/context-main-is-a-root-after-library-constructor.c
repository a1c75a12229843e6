// Context mode: main is a child of the root, the program's start, even
// when a profiled constructor of a shared library ran before it (the
// loader calls constructors and then main, and resets nothing): main
// and everything under it were once under that constructor's node
// ("crc64_set_func;main;..." with liblzma).  The constructor keeps its
// own root context.
//
// REQUIRES: context-mode
// RUN: %cc -O2 -fPIC -shared %ctxflags %S/Inputs/context-library-constructor.c -o %t-lib.so %libs
// RUN: %cc -O2 %ctxflags %s %t-lib.so -o %t -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      {{^}}init 1{{$}}
// CHECK-NEXT: {{^}}init;setup 1{{$}}
// CHECK-NEXT: {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}main;work 2{{$}}
// CHECK-EMPTY:

int work(int x);

int main(void)
{
	return work(1) + work(2) == 5 ? 0 : 1;
}
