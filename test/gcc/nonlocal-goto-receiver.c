// REQUIRES: gcc
// A GNU C nested function that jumps out to a label of its parent
// (non-local goto) leaves `current` pointing at itself; the receiving
// label resets it, like an EH landing pad.  The nested function is a cost
// centre of its own, named by its linkage name (inner.0).
//
// RUN: %gcc -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

void work(int);

int outer(int x)
{
	__label__ out;
	void inner(int y)
	{
		if (y)
			goto out;
		work(y);
	}
	inner(x);
	return 1;
out:
	return 2;
}

// CHECK-LABEL: void inner (int y)
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-LABEL: int outer (int x)
// CHECK:         inner (x_{{[0-9]+}}(D)); [static-chain: &FRAME.{{[0-9]+}}]
// CHECK-EMPTY:
// CHECK-NEXT:  <bb {{[0-9]+}}> :
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:       <L{{[0-9]+}}>: [non-local]
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
