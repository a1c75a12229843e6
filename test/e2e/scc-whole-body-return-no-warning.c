// A function whose whole body is a CCPROF_SCC scope that returns, and a
// scope as the then branch of an if with an else, compile without a
// warning under -Wall -Wextra with every compiler, in C and C++, with the
// plugin and without it, and are counted as scopes (the else binds to
// the if it is written for).  The macro's empty then branch, never taken,
// fell through to the function's end: clang warned "non-void function
// does not return a value in all control paths" until it was told with
// __builtin_assume(0), GCC "control reaches end of non-void function"
// until the plugin's pass (gcc-plugin/scc_returns.cc) told its check,
// and without the plugin GCC's CCPROF_SCC is an if (0).  A scope that
// does not return on every path still warns
// (scc-missing-return-still-warns.c).
//
// RUN: %cc -O0 -Wall -Wextra -Werror -c %s -o %t.O0.o
// RUN: %cc -O2 -Wall -Wextra -Werror -c %s -o %t.O2.o
// RUN: %cxx -x c++ -O0 -Wall -Wextra -Werror -c %s -o %t.cxx0.o
// RUN: %cxx -x c++ -O2 -Wall -Wextra -Werror -c %s -o %t.cxx.o
// RUN: %plain_cc -O0 -Wall -Wextra -Werror -c %s -o %t.plain0.o
// RUN: %plain_cc -O2 -Wall -Wextra -Werror -c %s -o %t.plain2.o
// RUN: %plain_cxx -x c++ -O2 -Wall -Wextra -Werror -c %s -o %t.plaincxx.o
// RUN: %cc %t.O0.o -o %t.O0 %libs
// RUN: %cc %t.O2.o -o %t.O2 %libs
// RUN: env CCPROF_OUT=%t.O0.out %t.O0
// RUN: env CCPROF_OUT=%t.O2.out %t.O2
// RUN: %counts %t.O0.out | FileCheck %s
// RUN: %counts %t.O2.out | FileCheck %s
// CHECK: branch 3
// CHECK-NEXT: main 1
// CHECK-NEXT: setjmp_whole 1
// CHECK-NEXT: setjmp_whole_scope 1
// CHECK-NEXT: taken 1
// CHECK-NEXT: whole 3
// CHECK-NEXT: whole_scope 3
// CHECK-NOT: {{.}}
#include <setjmp.h>

#include "ccprof.h"

__attribute__((noinline)) int whole(int x)
{
	CCPROF_SCC("whole_scope") { return x * 2; }
}

/* In a function that calls setjmp GCC's marker call ends its block. */
static jmp_buf env;

__attribute__((noinline)) int setjmp_whole(int x)
{
	CCPROF_SCC("setjmp_whole_scope") {
		if (setjmp(env))
			return 0;
		return x + 1;
	}
}

__attribute__((noinline)) int branch(int c, int x)
{
	if (c)
		CCPROF_SCC("taken") x++;
	else
		x--;
	return x;
}

int main(void)
{
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += whole(i);
	s += branch(1, 0) + branch(0, 0) + branch(0, 5);
	s += setjmp_whole(1);
	return s == 12 ? 0 : 1;
}
