// Context mode: a library's constructor run by dlopen starts from the
// root, as at the program's start, not under the function that called
// dlopen (docs/design.md, "What the root stands for": a constructor
// cannot tell the two apart).  What the library's code does once it is
// called from the program is under its callers as usual.
//
// REQUIRES: context-mode
// RUN: %cc -O2 -fPIC -shared %ctxflags %S/Inputs/context-library-constructor.c -o %t-lib.so %libs
// RUN: %cc -O2 %ctxflags %s -o %t -ldl %libs
// RUN: env CCPROF_OUT=%t.out %t %t-lib.so
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      {{^}}init 1{{$}}
// CHECK-NEXT: {{^}}init;setup 1{{$}}
// CHECK-NEXT: {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}main;load 1{{$}}
// CHECK-NEXT: {{^}}main;load;work 2{{$}}
// CHECK-EMPTY:

#include <dlfcn.h>
#include <stdio.h>

__attribute__((noinline)) int load(const char *path)
{
	void *lib = dlopen(path, RTLD_NOW);
	int (*work)(int);

	if (!lib) {
		fprintf(stderr, "%s\n", dlerror());
		return -1;
	}
	*(void **)&work = dlsym(lib, "work");
	return work(1) + work(2);
}

int main(int argc, char **argv)
{
	return argc > 1 && load(argv[1]) == 5 ? 0 : 1;
}
