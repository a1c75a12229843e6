// A library dlclosed and dlopened again (same module table) counts into
// the same cost centres: one module line, the calls of both loads.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs -DBUILD_LIB -shared -fPIC %s -o %t.so %libs
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t %t.so
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:module	0	hand-made		again-lib.c
// CHECK-NEXT:cc	0	0	5	{{[0-9]+}}	7	lib_work	again-lib.c	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	1	1

#include "ccprof_test.h"

#ifdef BUILD_LIB

static struct ccprof_counters work_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &work_cnt, "lib_work", "again-lib.c", 7, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "again-lib.c",
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
}

#else

#include <dlfcn.h>
#include <stdio.h>

static int load_and_work(const char *path, int times)
{
	void *lib = dlopen(path, RTLD_NOW);
	void (*work)(void);

	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	work = (void (*)(void))dlsym(lib, "lib_work");
	for (int i = 0; i < times; i++)
		work();
	dlclose(lib);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 1;
	return load_and_work(argv[1], 2) || load_and_work(argv[1], 3);
}

#endif
