// A function that can reach its end without returning a value, inside a
// CCPROF_SCC scope or after one, is still warned of (-Wreturn-type) with
// every compiler, with the plugin and without it: what keeps the macro's
// never-taken branch quiet (scc-whole-body-return-no-warning.c) leaves
// every other path to the end alone.  The function that returns on every
// path is not warned of.
//
// RUN: %cc -O2 -Wall -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %cc -O0 -Wall -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %cxx -x c++ -O2 -Wall -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %plain_cc -O2 -Wall -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %plain_cxx -x c++ -O2 -Wall -c %s -o %t.o 2>&1 | FileCheck %s
#include "ccprof.h"

int g(int);

int inside(int x)
{
	CCPROF_SCC("inside") {
		if (x)
			return g(x);
	}
}
// CHECK: scc-missing-return-still-warns.c:[[@LINE-1]]:{{.*}}[-Wreturn-type]

int returns(int x)
{
	CCPROF_SCC("returns") { return g(x); }
}
// CHECK-NOT: scc-missing-return-still-warns.c:[[@LINE-1]]:

int after(int x)
{
	CCPROF_SCC("after") { x = g(x); }
	if (x)
		return x;
}
// CHECK: scc-missing-return-still-warns.c:[[@LINE-1]]:{{.*}}[-Wreturn-type]

int loop(int x)
{
	while (x) {
		CCPROF_SCC("loop") {
			if (g(x))
				return 2;
			x--;
		}
	}
}
// CHECK: scc-missing-return-still-warns.c:[[@LINE-1]]:{{.*}}[-Wreturn-type]
