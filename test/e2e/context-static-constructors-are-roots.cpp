// Context mode: the program's own static constructors and destructors
// start from the root, as main does.  The loader runs a shared library's
// profiled constructor, then the program's constructors, and libc runs
// its destructors at exit; nothing resets `current` between them, so
// each constructor (a C `constructor` function; a C++ global's
// constructor, called from the compiler's unprofiled initialiser) was
// once a child of whatever ran before it ("init;setup;early;..."), and
// a destructor a child of main.
//
// REQUIRES: context-mode
// RUN: %cc -O0 -fPIC -shared %ctxflags %S/Inputs/context-library-constructor.c -o %t-lib0.so %libs
// RUN: %cxx -O0 %ctxflags %s %t-lib0.so -o %t0 -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t0.out
// RUN: %cc -O2 -fPIC -shared %ctxflags %S/Inputs/context-library-constructor.c -o %t-lib2.so %libs
// RUN: %cxx -O2 %ctxflags %s %t-lib2.so -o %t2 -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t2.out
// CHECK:      {{^}}Global::Global() 1{{$}}
// CHECK-NEXT: {{^}}Global::Global();work 1{{$}}
// CHECK-NEXT: {{^}}early() 1{{$}}
// CHECK-NEXT: {{^}}early();prepare() 1{{$}}
// CHECK-NEXT: {{^}}early();prepare();work 1{{$}}
// CHECK-NEXT: {{^}}init 1{{$}}
// CHECK-NEXT: {{^}}init;setup 1{{$}}
// CHECK-NEXT: {{^}}late() 1{{$}}
// CHECK-NEXT: {{^}}late();prepare() 1{{$}}
// CHECK-NEXT: {{^}}late();prepare();work 1{{$}}
// CHECK-NEXT: {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}main;work 2{{$}}
// CHECK-EMPTY:

extern "C" int work(int x);

static int made;

__attribute__((noinline)) void prepare(void)
{
	made += work(0);
}

__attribute__((constructor)) static void early(void)
{
	prepare();
}

__attribute__((destructor)) static void late(void)
{
	prepare();
}

struct Global {
	int v;
	__attribute__((noinline)) Global() : v(work(5)) {}
};

Global g;

int main(void)
{
	return work(1) + work(2) + g.v + made == 12 ? 0 : 1;
}
