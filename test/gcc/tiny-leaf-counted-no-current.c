// REQUIRES: gcc
// leaf-size=N: a function with no loop of at most N GIMPLE statements
// (with those of the tiny leaves it calls) is counted but sets no
// `current`, and its callers set nothing after calling it; after a call
// of anything else they do.  A function with a loop is profiled as
// before.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=8 -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

int ext(int);

struct value { unsigned char kind; int n; };

int kind(struct value v)
{
	return v.kind & 15;
}

int valid(struct value v)
{
	return kind(v) != 0;
}

int user(struct value v)
{
	int a = valid(v);
	return ext(a) + a;
}

int loop(int n)
{
	int i = 0;
	while (i < n)
		i = ext(i);
	return i;
}

// CHECK-LABEL: int kind (struct value v)
// CHECK:         __ccprof_tcalls
// CHECK-NOT:     __ccprof_current
// CHECK:         return
// CHECK-LABEL: int valid (struct value v)
// CHECK-NOT:     __ccprof_current
// CHECK:         return
// CHECK-LABEL: int user (struct value v)
// CHECK:         __ccprof_current
// CHECK:         {{_[0-9]+}} = valid (v);
// CHECK-NOT:     __ccprof_current
// CHECK:         {{_[0-9]+}} = ext ({{.*}});
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-LABEL: int loop (int n)
// CHECK:         __ccprof_current
