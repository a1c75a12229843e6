// An instrumented shared library (linked with -lccprof) dlopen'ed into a
// host that is neither instrumented nor linked with libccprof: libccprof
// is loaded as the library's dependency (its 8 bytes of initial-exec TLS
// fit in the static TLS surplus glibc keeps for dlopen), starts, samples,
// and writes the profile when the host exits.
//
// RUN: %cc -O2 -fPIC -shared -I%S/Inputs -DLIB %s -o %t.so %libs
// RUN: %plain_cc -O2 %s -o %t -ldl
// RUN: readelf -d %t | FileCheck --check-prefix=DYN %s
// DYN-NOT: libccprof
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t %t.so
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: hz{{[[:space:]]}}1000
// FILE-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}
// FILE: status{{[[:space:]]}}complete
// RUN: %counts %t.out | FileCheck %s
// CHECK: library_entry 25
// CHECK-NEXT: library_step 50

#ifdef LIB

#include "robust.h"

__attribute__((noinline)) int library_step(int i)
{
	return i + 1;
}

int library_entry(int i)
{
	robust_burn_cpu_ms(10);
	return library_step(i) + library_step(i + 1);
}

#else

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	int (*entry)(int);
	void *lib;

	if (argc < 2)
		return 1;
	lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	entry = (int (*)(int))dlsym(lib, "library_entry");
	for (int i = 0; i < 25; i++)
		entry(i);
	return 0;
}

#endif
