// Small static functions that -O2 inlines into their caller keep their
// own cost centres: the same 10/30/60 shares as at -O0 (within 3 points)
// and exact call counts, because the instrumentation is inserted before
// inlining and travels with the inlined copy.
//
// RUN: %cc -O2 -S %s -o - | FileCheck %s --check-prefix=INLINED
// INLINED-LABEL: main:
// INLINED-NOT: call{{q?}} {{.*}}w{{[136]}}0
// INLINED: .cfi_endproc
//
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out w10=10 w30=30 w60=60 --tol 3
// RUN: %counts %t2.out | FileCheck %s
//
// CHECK: main 1
// CHECK-NEXT: w10 400000
// CHECK-NEXT: w30 400000
// CHECK-NEXT: w60 400000

/* A multiply-add chain: cannot be vectorised or folded, costs the same
 * per step wherever it is inlined. */
#define STEPS(x, n)                                                   \
	for (int i_ = 0; i_ < (n); i_++)                              \
		x = x * 6364136223846793005UL + 1442695040888963407UL

static unsigned long w10(unsigned long x) { STEPS(x, 100); return x; }
static unsigned long w30(unsigned long x) { STEPS(x, 300); return x; }
static unsigned long w60(unsigned long x) { STEPS(x, 600); return x; }

int main(int argc, char **argv)
{
	unsigned long x = (unsigned long)argc;
	(void)argv;
	for (int r = 0; r < 400000; r++) {
		x = w10(x);
		x = w30(x);
		x = w60(x);
	}
	return (int)(x & 1) + 2 * (x == 42);
}
