// CCPROF_EVENTS=alloc in C++: operator new and new[] reach malloc, delete
// and delete[] reach free, so a function's news are charged to it with
// the bytes they ask for (a class of 40 bytes; an array of 25 ints).
//
// RUN: %cxx -O2 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=alloc %t
// RUN: %metrics %t.out alloc_calls alloc_bytes free_calls | FileCheck %s
//
// CHECK: drop() free_calls 4
// CHECK-NEXT: make_array() alloc_bytes 300
// CHECK-NEXT: make_array() alloc_calls 3
// CHECK-NEXT: make_objects() alloc_bytes 40
// CHECK-NEXT: make_objects() alloc_calls 1
#include <cstdint>

struct Forty {
	std::uint64_t words[5];
};

static Forty *volatile object;
static int *volatile arrays[3];

__attribute__((noinline)) void make_objects()
{
	object = new Forty();
}

__attribute__((noinline)) void make_array()
{
	for (int i = 0; i < 3; i++)
		arrays[i] = new int[25];
}

__attribute__((noinline)) void drop()
{
	delete object;
	for (int i = 0; i < 3; i++)
		delete[] arrays[i];
}

int main()
{
	make_objects();
	make_array();
	drop();
	return 0;
}
