// REQUIRES: gcc
// mode=context: the node a function entered is an SSA name (the PHI of
// the entry's join block), and every reset stores it: after each call
// that returns and is no tail call, and after setjmp (which also runs on
// its second return).  As in flat mode, no reset follows a tail call or
// a direct call of the function itself.
//
// At -O2 with transitions=entry: the call-site form is
// context-call-site-transition.c (and the site entries of exported
// functions, context-site-entry.c).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=entry -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

#include <setjmp.h>

int g(int);
extern int (*fp)(int);
jmp_buf env;

int calls(int x)
{
	int a = g(x);
	g(a);
	return fp(a) + 1;
}
// CHECK-LABEL: int calls (int x)
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         __ccprof_current ={v} [[N]];
// CHECK-NEXT:    a_{{[0-9]+}} = g (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NEXT:    g (a_{{[0-9]+}});
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NEXT:    [[FP:fp\.[0-9_]+]] = fp;
// CHECK-NEXT:    {{_[0-9]+}} = [[FP]] (a_{{[0-9]+}});
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK:         return

// The node stays in a callee-saved register through the function; each
// reset is one store of it.
// ASM-LABEL: calls:
// ASM:         movq [[N:%r[a-z0-9]+]], %fs:__ccprof_current.tls@tpoff
// ASM-NEXT:    call g@PLT
// ASM-NEXT:    movq [[N]], %fs:__ccprof_current.tls@tpoff

int tail(int x)
{
	g(x);
	return g(x + 1);
}
// CHECK-LABEL: int tail (int x)
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         g (x_{{[0-9]+}}(D));
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK:         {{_[0-9]+}} = g ({{_[0-9]+}});
// CHECK-NOT:     __ccprof_current
// CHECK:         return

// ASM-LABEL: tail:
// ASM:         jmp g@PLT

int self(int n)
{
	if (n <= 0)
		return 0;
	int r = self(n - 1);
	return r + n;
}
// CHECK-LABEL: int self (int n)
// CHECK:         r_{{[0-9]+}} = self ({{_[0-9]+}});
// CHECK-NOT:     __ccprof_current
// CHECK:         return

int setter(void)
{
	if (setjmp(env) == 0) {
		g(0);
		return 0;
	}
	return 1;
}
// CHECK-LABEL: int setter ()
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         {{_[0-9]+}} = _setjmp (&env);
// CHECK:         __ccprof_current ={v} [[N]];
// In a function that calls setjmp every call ends its block.
// CHECK:         g (0);
// CHECK-EMPTY:
// CHECK-NEXT:  <bb {{[0-9]+}}> :
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
