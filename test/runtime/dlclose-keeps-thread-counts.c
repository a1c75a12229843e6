// counters=thread and dlclose: when a library is unloaded, the calls every
// live thread made into it are folded into its records before they are
// saved (the threads' arrays are zeroed), so the profile keeps them; a
// reload of the library counts on into the same cost centre, without
// counting anything twice.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs -DBUILD_LIB -shared -fPIC %s -o %t.so %libs
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t %t.so
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:module	0	hand-made	counters=thread	tls-lib.c
// CHECK-NEXT:cc	0	0	9	{{[0-9]+}}	7	lib_work	tls-lib.c	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	1	1

#include "ccprof_test.h"

#ifdef BUILD_LIB

static struct ccprof_counters work_cnt;
static __thread uint64_t tc[1] __attribute__((tls_model("initial-exec")));
static const struct ccprof_cc_desc ccs[] = {
	{ &work_cnt, "lib_work", "tls-lib.c", 7, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "counters=thread",
	"tls-lib.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register_thread(&module, &tc[0]);
}

__attribute__((destructor)) static void unregister_module(void)
{
	__ccprof_unregister(&module);
}

void lib_work(void)
{
	*(volatile uint64_t *)&tc[0] += 1;
	test_leave_to(&work_cnt);
}

#else

#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static void (*work)(void);
static sem_t worked, never;

/* Calls into the library, then stays alive past its dlclose. */
static void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3; i++)
		work();
	sem_post(&worked);
	for (;;)
		sem_wait(&never);
	return NULL;
}

static void *load(const char *path)
{
	void *lib = dlopen(path, RTLD_NOW);

	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return NULL;
	}
	work = (void (*)(void))dlsym(lib, "lib_work");
	return lib;
}

int main(int argc, char **argv)
{
	pthread_t t;
	void *lib;

	if (argc < 2 || !(lib = load(argv[1])))
		return 1;
	sem_init(&worked, 0, 0);
	sem_init(&never, 0, 0);
	pthread_create(&t, NULL, worker, NULL);
	sem_wait(&worked);
	work();
	work();
	dlclose(lib);
	if (!(lib = load(argv[1])))
		return 1;
	for (int i = 0; i < 4; i++)
		work();
	dlclose(lib);
	return 0;
}

#endif
