// policy=file: one cost centre per source file, named after it, counting
// the entries into every function of the file: this file's (main, one;
// work3 and its static helper, a round each) and the other file's (other
// and other_file_name, a round each).  This file does 3 units a round,
// the other 1 (in a callback that is no cost centre): 75% and 25%,
// within 3 points.
//
// RUN: %cc -O0 -falign-loops=32 %pluginopt-policy=file -c %s -o %t.a.o
// RUN: %cc -O0 -falign-loops=32 %pluginopt-policy=file -c %S/Inputs/policy-file-other.c -o %t.b.o
// RUN: %cc %t.a.o %t.b.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out E2E_TRUTH=%t.truth %t 24
// RUN: %shares %t.out --truth %t.truth %s=75 %S/Inputs/policy-file-other.c=25 --tol 3
// RUN: %counts %t.out | FileCheck %s -D#ROUNDS2=48 -D#MAIN=49
//
// CHECK: {{.*}}Inputs/policy-file-other.c [[#ROUNDS2]]
// CHECK-NEXT: {{.*}}policy-file-one-cost-centre-per-file.c [[#MAIN]]
// CHECK-NOT: {{.}}
#include "e2e_work.h"

#include "ccprof.h"

void other(void (*work)(void));
const char *other_file_name(void);

CCPROF_UNPROFILED static void other_work(void)
{
	WORK(other_file_name(), UNIT);
}

__attribute__((noinline)) static void helper3(void)
{
	WORK(__FILE__, 2 * UNIT);
}

__attribute__((noinline)) void work3(void)
{
	WORK(__FILE__, UNIT);
	helper3();
}

int main(int argc, char **argv)
{
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		work3();
		other(other_work);
	}
	return 0;
}
