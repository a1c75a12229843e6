// REQUIRES: gcc
// Each cost centre's kind is in bits 1-2 of its table entry's flags
// (runtime/ccprof_abi.def: CC_KIND_SHIFT 1; function 0, anonymous 1, scc
// 2, module 3; bit 0 is CC_SHARED): a plain function and main are
// functions (0), a lambda is anonymous (2), a CCPROF_SCC label is scc
// (4, shared: 5); under policy=file the unit's one cost centre is module
// (6, shared: 7).  test/gcc/cc-kinds-nested-openmp.c has the C bodies.
//
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gxx -fplugin=%gcc_plugin -I%S/../../runtime -O0 %s %t.stubs.o -o %t
// RUN: %t | FileCheck %s
// RUN: %gxx -fplugin=%gcc_plugin -fplugin-arg-ccprof-policy=file -I%S/../../runtime -O0 %s %t.stubs.o -o %t.file
// RUN: %t.file | FileCheck %s --check-prefix=FILE

#include "ccprof.h"

static volatile int sink;

__attribute__((noinline)) void plain(int n)
{
	sink += n;
}

int main()
{
	auto twice = [](int n) { plain(n); plain(n); };
	twice(1);
	CCPROF_SCC("scope") {
		plain(2);
	}
	return 0;
}

// CHECK-DAG: cc _Z5plaini {{.*}} flags=0 calls=3
// CHECK-DAG: cc main {{.*}} flags=0 calls=1
// CHECK-DAG: cc _ZZ4mainENKUliE_clEi {{.*}} flags=2 calls=1
// CHECK-DAG: cc scope {{.*}} flags=5 calls=1

// FILE: cc {{.*}}cc-kinds-in-flags.cpp {{.*}} flags=7 calls=
// FILE: cc scope {{.*}} flags=5 calls=1
