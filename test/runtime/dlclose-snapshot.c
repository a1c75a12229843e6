// An instrumented shared library that is dlclosed before exit keeps its
// counts: __ccprof_unregister copies its strings and counters, and the
// profile written at exit, long after the library was unmapped, has them.
// The program itself is not linked with libccprof (so it cannot reset
// __ccprof_current; unregistering must): the library pulls the runtime in,
// and it must stay loaded (and its signal handlers mapped) after dlclose.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs -DBUILD_LIB -shared -fPIC %s -o %t.so %libs
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t %t.so | FileCheck --check-prefix=LOG %s
// LOG: library unloaded: yes
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:module	0	hand-made	counters=plain	dlclose-lib.c
// CHECK-NEXT:cc	0	0	3	{{[1-9][0-9]*}}	12	lib_work	dlclose-lib.c	function
// CHECK-NEXT:cc	1	0	0	0	34	lib_idle	dlclose-lib.c	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	1	2

#include "ccprof_test.h"

#ifdef BUILD_LIB

static struct ccprof_counters work_cnt, idle_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &work_cnt, "lib_work", "dlclose-lib.c", 12, 0 },
	{ &idle_cnt, "lib_idle", "dlclose-lib.c", 34, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "counters=plain",
	"dlclose-lib.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

__attribute__((destructor)) static void unregister_module(void)
{
	__ccprof_unregister(&module);
}

void lib_work(void)
{
	test_enter(&work_cnt);
	test_burn_cpu_ms(40);
}

#else

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *lib;
	void (*work)(void);

	if (argc < 2 || !(lib = dlopen(argv[1], RTLD_NOW))) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	work = (void (*)(void))dlsym(lib, "lib_work");
	for (int i = 0; i < 3; i++)
		work();
	dlclose(lib);
	printf("library unloaded: %s\n",
	       dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) ? "no" : "yes");
	fflush(stdout);
	/* Ticks keep coming; the handler must still be mapped. */
	test_burn_cpu_ms(60);
	return 0;
}

#endif
