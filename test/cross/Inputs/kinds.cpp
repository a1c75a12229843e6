/* kinds.cpp - one cost centre of each kind a C++ unit has with the
 * default policy, for the cross-compiler test of kinds: a plain function
 * (function), a lambda (anonymous) and a CCPROF_SCC scope (scc). */
#include "ccprof.h"

static volatile unsigned long sink;

__attribute__((noinline)) void plain(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}

int main()
{
	auto twice = [](int n) __attribute__((noinline)) {
		plain(n);
		plain(n);
	};
	for (int i = 0; i < 5; i++)
		twice(i);
	for (int i = 0; i < 3; i++) {
		CCPROF_SCC("scope") {
			plain(i);
		}
	}
	return 0;
}
