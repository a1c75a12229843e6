// An instrumented library (counters=thread) dlopen'ed into a host that is
// neither instrumented nor linked with libccprof, and called from threads
// the host started (libccprof, loaded after them, wraps none of them):
// their calls are missing from the counts, and the exit write says so.
// It still says so when the host dlcloses the library before it exits.
// Before, the warning looked only for modules still loaded, found none,
// and said nothing while the calls were still missing.
//
// RUN: %cc -O2 -fPIC -shared -I%S/Inputs -DLIB %s -o %t.so %libs
// RUN: %plain_cc -O2 %s -o %t -ldl -pthread
// RUN: env CCPROF_OUT=%t.out %t %t.so 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: env CCPROF_OUT=%t.closed.out %t %t.so close 2> %t.closed.err
// RUN: FileCheck %s < %t.closed.err
// CHECK: ccprof: warning: {{.*}}threads ccprof did not start{{.*}}their calls are missing from the counts; build with counters=atomic to count them
// RUN: %counts %t.closed.out | FileCheck --check-prefix=MAIN %s
// MAIN: library_entry 20

#ifdef LIB

#include "robust.h"

__attribute__((noinline)) int library_step(int i)
{
	return i + 1;
}

int library_entry(int i)
{
	robust_burn_cpu_ms(10);
	return library_step(i);
}

#else

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int (*entry)(int);

static void *calls(void *arg)
{
	for (int i = 0; i < 20; i++)
		entry(i);
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	void *lib;

	if (argc < 2)
		return 1;
	lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	entry = (int (*)(int))dlsym(lib, "library_entry");
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, calls, NULL);
	calls(NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	if (argc > 2 && strcmp(argv[2], "close") == 0)
		dlclose(lib);
	return 0;
}

#endif
