// A member function of a class local to a function keeps the name its
// linkage name gives it, main::Local::push(int), with every compiler.
// GCC's plugin named it as a GNU C nested function, OUTER.NAME
// ("main.push", "main.__ct_base " for the constructor), since GCC gives
// it main as its enclosing function too: TinyXML-2's test program's
// local visitor class had other names with gcc than with clang.
//
// RUN: %cxx -O0 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s --match-full-lines
// CHECK:      main 1
// CHECK-NEXT: main::Local::Local() 1
// CHECK-NEXT: main::Local::push(int) 3
#include <cstdio>

int main()
{
	struct Local {
		int v;
		Local() : v(1) {}
		int push(int x) { return v += x; }
	};
	Local l;
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += l.push(i);
	std::printf("%d\n", s);
	return 0;
}
