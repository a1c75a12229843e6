// Under policy=annotated only the annotations choose cost centres, and no
// pattern of exclude, include, exclude-file or include-file is looked at:
// each gets a note saying it has no effect, with every compiler.  It
// said "matched no function", also of a pattern that names a function
// of the unit, which sent the user looking for a typo.  The annotated
// function is the only cost centre either way.
//
// RUN: %cc -O1 %pluginopt-policy=annotated %pluginopt-exclude=plain_fn %pluginopt-include=no_such_fn %s -o %t %libs 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK-DAG: note: ccprof: exclude=plain_fn has no effect under policy=annotated (only annotations choose cost centres) in {{.*}}patterns-under-policy-annotated-noted.c
// CHECK-DAG: note: ccprof: include=no_such_fn has no effect under policy=annotated (only annotations choose cost centres) in
// RUN: FileCheck --check-prefix=NOT %s < %t.err
// NOT-NOT: matched no function
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck --check-prefix=COUNTS %s
// COUNTS: chosen 3
// COUNTS-NOT: plain_fn
#include "ccprof.h"

__attribute__((noinline)) int plain_fn(int x)
{
	return x * 3;
}

CCPROF_CC("chosen") __attribute__((noinline)) int chosen_fn(int x)
{
	return plain_fn(x) + 1;
}

int main(void)
{
	volatile int s = 0;

	for (int i = 0; i < 3; i++)
		s += chosen_fn(i);
	return 0;
}
