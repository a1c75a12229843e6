// One label is one cost centre however many places and files use it:
// CCPROF_SCC("état du parseur") in two functions of two files and twice
// in one function, and CCPROF_CC("named") on a function of each file,
// give one cost centre each, whose calls are all their entries.  Labels
// are any UTF-8 string.  A CCPROF_UNPROFILED function has no cost centre.
//
// RUN: %cc -O2 -c %s -o %t.a.o
// RUN: %cc -O2 -c %S/Inputs/scc-label-other-file.c -o %t.b.o
// RUN: %cc %t.a.o %t.b.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
//
// CHECK: main 1
// CHECK-NEXT: named 5
// CHECK-NEXT: other_file 3
// CHECK-NEXT: this_file 2
// CHECK-NEXT: état du parseur 7
#include "ccprof.h"
#include "e2e_work.h"

void other_file(void);
void named_here(void);

void this_file(void)
{
	CCPROF_SCC("état du parseur") {
		SPIN(1000);
	}
	CCPROF_SCC("état du parseur") {
		SPIN(1000);
	}
}

CCPROF_CC("named") void named_there(void)
{
	SPIN(1000);
}

CCPROF_UNPROFILED void unprofiled(void)
{
	named_there();
}

int main(void)
{
	this_file();
	this_file();
	for (int i = 0; i < 3; i++)
		other_file();
	named_here();
	named_here();
	named_there();
	unprofiled();
	unprofiled();
	return 0;
}
