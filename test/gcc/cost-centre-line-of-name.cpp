// REQUIRES: gcc
// A cost centre's line is the line of the function's name, as clang
// records it, also when a C++ qualifier stands on the line before (the
// style of libstdc++: "vector<_Tp, _Alloc>::" then "emplace_back(...)"),
// where GCC's own location is the qualifier's.  Placement operator new,
// which clang never calls, is no cost centre.
//
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gxx -fplugin=%gcc_plugin -O0 %s %t.stubs.o -o %t
// RUN: %t | FileCheck %s

#include <new>

template <class T> struct Box {
	T get();
};

template <class T>
T
Box<T>::
get()
{
	return T();
}

namespace ns {
int twice(int);
}

int
ns::twice(int x)
{
	return 2 * x;
}

int main()
{
	Box<int> b;
	alignas(int) char buf[sizeof(int)];
	int *p = new (buf) int(3);
	return b.get() + ns::twice(*p) == 0;
}

// CHECK-NOT: cc _ZnwmPv
// CHECK:     cc _ZN3BoxIiE3getEv {{.*}}cost-centre-line-of-name.cpp:21 flags=1 calls=1
// CHECK-NEXT: cc _ZN2ns5twiceEi {{.*}}cost-centre-line-of-name.cpp:31 flags=0 calls=1
// CHECK-NEXT: cc main {{.*}}cost-centre-line-of-name.cpp:36 flags=0 calls=1
// CHECK-NOT: cc _ZnwmPv
