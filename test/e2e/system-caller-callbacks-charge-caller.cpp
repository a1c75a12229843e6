// system=caller: the standard library is charged to its callers, and a
// user function it calls back (std::for_each's function, std::function's
// target, std::sort's comparator) keeps its exact count and its own time;
// what the caller does after the library call returns is the caller's,
// not the callback's (the library functions restore `current` after the
// calls that may move it).  No std:: cost centre is left in the profile.
// The truth is each phase's measured thread CPU time (e2e_work.h:
// TRUTH_LAP; the library calls' own few microseconds go to callback).
//
// RUN: %cxx -O2 -falign-loops=32 %pluginopt-system=caller %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 8
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 'after(int)=70' 'callback(int)=30' --tol 4
// RUN: %counts %t2.out | FileCheck %s
// RUN: %counts %t2.out | FileCheck %s --check-prefix=NOSTD
// CHECK: after(int) 8
// CHECK-NEXT: callback(int) 8192
// CHECK-NEXT: less(int, int) [[#]]
// CHECK-NEXT: main 1
// CHECK-NEXT: round(std::vector<int, std::allocator<int> >&) 8
// NOSTD-NOT: {{^std::}}
// NOSTD-NOT: {{^__gnu_cxx::}}
#include <algorithm>
#include <functional>
#include <vector>
#include "e2e_work.h"

__attribute__((noinline)) void callback(int x)
{
	SPIN(3 * UNIT / 1024 + (unsigned)(x & 0));
}

__attribute__((noinline)) bool less(int a, int b)
{
	return a < b;
}

__attribute__((noinline)) void after(int n)
{
	SPIN(7 * UNIT + (unsigned)(n & 0));
}

__attribute__((noinline)) void round(std::vector<int> &v)
{
	std::for_each(v.begin(), v.begin() + 512, callback);
	std::function<void(int)> f = callback;
	for (int i = 0; i < 512; i++)
		f(i);
	std::sort(v.begin(), v.end(), less);
	TRUTH_LAP("callback(int)");
	after((int)v.size());
	TRUTH_LAP("after(int)");
}

int main(int argc, char **argv)
{
	std::vector<int> v(1024);
	TRUTH_LAP(NULL);
	for (int r = 0; r < ROUNDS(argc, argv); r++) {
		for (int i = 0; i < 1024; i++)
			v[i] = (i * 7919) % 1024;
		round(v);
	}
	return 0;
}
