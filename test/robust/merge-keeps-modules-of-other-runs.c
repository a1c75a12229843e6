// With %m, modules and cost centres that the file has but this run does
// not (a plugin only some runs load) are kept, with their counts, after
// this run's; a later run that has them again adds to them.
//
// RUN: %cc -O2 -fPIC -shared %S/Inputs/merge_plugin.c -o %t.so %libs
// RUN: %cc -O2 %s -o %t %libs -ldl
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t %t.so
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: %report --db %t.d/check1.db %t.d/pool-*.out > /dev/null
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=TWO %s
// TWO: main 2
// TWO-NEXT: plugin_run 1
// TWO-NEXT: plugin_step 5
// TWO-NEXT: step 6
// RUN: cat %t.d/pool-*.out | FileCheck --check-prefix=MODULES %s
// MODULES: module{{[[:space:]]+}}0{{.*}}merge-keeps-modules-of-other-runs.c
// MODULES-NEXT: module{{[[:space:]]+}}1{{.*}}merge_plugin.c
// MODULES-NEXT: cc
// MODULES: end{{[[:space:]]+}}2{{[[:space:]]+}}4
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t %t.so
// RUN: %report --db %t.d/check2.db %t.d/pool-*.out > /dev/null
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=THREE %s
// THREE: main 3
// THREE-NEXT: plugin_run 2
// THREE-NEXT: plugin_step 10
// THREE-NEXT: step 9

#include <dlfcn.h>
#include <stdio.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;

	for (int i = 0; i < 3; i++)
		sum += step(i);
	if (argc > 1) {
		void *plugin = dlopen(argv[1], RTLD_NOW);
		int (*run)(int);

		if (!plugin) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
		run = (int (*)(int))dlsym(plugin, "plugin_run");
		sum += run(5);
	}
	return 0;
}
