/* constructs.cpp - every C++ construct ccprof names, for the cross-compiler
 * test: lambdas (local, two on one line, generic, nested, passed to a
 * template), a function template, operators of a class template and of
 * a class, CCPROF_SCC scopes, CCPROF_CC and CCPROF_UNPROFILED functions.
 * The line numbers are part of the expected names. */
#include "ccprof.h"

static volatile unsigned long sink;

template <class T> struct It {
	T *p;
};

template <class T> __attribute__((noinline)) bool operator==(It<T> a, It<T> b)
{
	return a.p == b.p;
}

template <class T> __attribute__((noinline)) bool operator!=(It<T> a, It<T> b)
{
	return !(a == b);
}

template <class T> __attribute__((noinline)) long operator-(It<T> a, It<T> b)
{
	return a.p - b.p;
}

struct Acc {
	unsigned long v;
	__attribute__((noinline)) Acc &operator+=(unsigned long x)
	{
		v += x;
		return *this;
	}
	__attribute__((noinline)) unsigned long operator()(int x) const
	{
		return v + (unsigned long)x;
	}
};

template <class T> __attribute__((noinline)) T twice(T x)
{
	return x + x;
}

template <class F> __attribute__((noinline)) void each(int n, F f)
{
	for (int i = 0; i < n; i++)
		f(i);
}

CCPROF_CC("named") __attribute__((noinline)) void labelled(int n)
{
	for (int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

CCPROF_UNPROFILED __attribute__((noinline)) void helper(int n)
{
	sink += (unsigned long)n;
}

int main()
{
	int a[8] = {0};
	It<int> b{a}, e{a + 8};
	Acc acc{0};

	for (int i = 0; i < 3; i++)
		sink += (unsigned long)((b != e) + (e - b) + (b == b));
	auto inc = [](int x) __attribute__((noinline)) { sink += (unsigned long)x; }; auto dbl = [](int x) __attribute__((noinline)) { sink += 2ul * (unsigned long)x; };
	each(4, inc);
	each(5, dbl);
	auto gen = [](auto x) __attribute__((noinline)) { sink += 1; return x + 1; };
	sink += (unsigned long)(gen(1) + gen(2.0) + gen(3));
	auto outer = [&](int n) __attribute__((noinline)) {
		auto inner = [&](int k) __attribute__((noinline)) { acc += (unsigned long)k; };
		for (int k = 0; k < n; k++)
			inner(k);
	};
	outer(6);
	sink += acc(2) + (unsigned long)twice(3) + (unsigned long)twice(1.5);
	for (int i = 0; i < 7; i++) {
		CCPROF_SCC("scope") {
			helper(i);
			if (i == 5)
				break;
		}
	}
	labelled(10);
	return 0;
}
