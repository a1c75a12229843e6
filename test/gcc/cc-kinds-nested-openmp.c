// REQUIRES: gcc
// Bodies GCC makes from a C function are anonymous (kind 1: flags 2):
// a nested function (outer.inner) and an OpenMP region's outlined body
// (main.omp@LINE); their enclosing functions are functions (flags 0).
//
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gcc -fopenmp -fplugin=%gcc_plugin -O0 %s %t.stubs.o -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s

static volatile int sink;

__attribute__((noinline)) int outer(int n)
{
	int inner(int k) { return k + n; }
	return inner(1) + inner(2);
}

int main(void)
{
#pragma omp parallel
	sink += outer(1);
	return 0;
}

// CHECK-DAG: cc outer {{.*}} flags=0 calls=1
// CHECK-DAG: cc outer.inner {{.*}} flags=2 calls=2
// CHECK-DAG: cc main {{.*}} flags=0 calls=1
// CHECK-DAG: cc main.omp@20 {{.*}} flags=2 calls=1
