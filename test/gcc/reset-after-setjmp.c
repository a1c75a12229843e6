// REQUIRES: gcc
// setjmp returns twice: the reset right after the call also runs when a
// longjmp comes back, so the time after the second return is charged to
// the function that called setjmp.  (setjmp is a builtin, but one that
// returns twice, so it is not skipped like the others.)
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

#include <setjmp.h>

jmp_buf env;
void work(void);

int setter(void)
{
	if (setjmp(env) == 0) {
		work();
		return 0;
	}
	return 1;
}

// CHECK-LABEL: int setter ()
// CHECK:         {{_[0-9]+}} = _setjmp (&env);
// The reset sits on the normal edge out of the setjmp block.
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         work ();

// ASM-LABEL: setter:
// ASM:         call _setjmp@PLT
// ASM-NOT:     call
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
