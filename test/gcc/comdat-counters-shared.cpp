// REQUIRES: gcc
// A C++ inline function may be emitted by many units; its counters must
// be one object in the program.  They are hidden, weak and in a COMDAT
// group of their own, named after the counters (not the function's group:
// a unit that inlined every call has no copy of the function but still
// needs the counters), and their table entry says CCPROF_CC_SHARED.
// Linked either way round, the units count into the same counters.
//
// RUN: %gxx -fplugin=%gcc_plugin -DUNIT_A -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gxx -fplugin=%gcc_plugin -DUNIT_A -O2 -c %s -o %t.a.o
// RUN: %gxx -fplugin=%gcc_plugin -DUNIT_B -O0 -c %s -o %t.b.o
// RUN: %gxx %t.a.o %t.b.o %t.stubs.o -o %t.ab
// RUN: %t.ab | FileCheck %s
// RUN: %gxx %t.b.o %t.a.o %t.stubs.o -o %t.ba
// RUN: %t.ba | FileCheck %s

int ext(int x);

inline int sq(int x)
{
	return ext(x) * x;
}

#ifdef UNIT_A
// At -O2 sq is inlined here and this unit has no copy of it.
int a(int x)
{
	return sq(x) + 1;
}
#endif

#ifdef UNIT_B
int a(int);
int (*volatile fp)(int) = sq;
int ext(int x)
{
	return x + 1;
}
int main()
{
	return a(3) + fp(4) + sq(5) == 0;
}
#endif

// ASM-NOT:     {{^}}_Z2sqi:
// ASM:         .quad __ccprof_cnt._Z2sqi
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .long 20
// ASM-NEXT:    .long 1
// ASM:         .hidden __ccprof_cnt._Z2sqi
// ASM-NEXT:    .weak __ccprof_cnt._Z2sqi
// ASM-NEXT:    .section .bss.__ccprof_cnt._Z2sqi,"awG",@nobits,__ccprof_cnt._Z2sqi,comdat

// Each unit registers its own table; both entries for sq see all 3 calls.
// CHECK-DAG: cc _Z2sqi {{.*}}comdat-counters-shared.cpp:20 flags=1 calls=3
// CHECK-DAG: cc _Z2sqi {{.*}}comdat-counters-shared.cpp:20 flags=1 calls=3
// CHECK-DAG: cc _Z1ai {{.*}} flags=0 calls=1
// CHECK-DAG: cc _Z3exti {{.*}} flags=0 calls=3
