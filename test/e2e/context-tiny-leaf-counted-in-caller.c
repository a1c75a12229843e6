// A tiny leaf called directly in its unit is counted in a word before
// its caller's node, not in a node of its own (docs/design.md, "Tiny
// leaves"): the counts per context are the same as with a node, the
// writer makes them the leaf's contexts, a call of the same leaf through
// a pointer from the same context (which enters a real node for it)
// adds to the same context, threads' counts merge by path, and the flat
// profile derived from them is flat mode's.  -O0 and -O2, each compiler.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 -pthread %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t0.out
// RUN: %cc -O2 %ctxflags %s -o %t2 -pthread %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t2.out
// RUN: %cc -O2 %s -o %t2f -pthread %libs
// RUN: env CCPROF_OUT=%t2f.out %t2f
// RUN: %counts %t2f.out | FileCheck --check-prefix=FLAT %s
//
// CHECK:      main 1
// CHECK-NEXT: main;a 2
// CHECK-NEXT: main;a;leaf 1005
// CHECK-NEXT: main;a;leaf2 1003
// CHECK-NEXT: main;b 1
// CHECK-NEXT: main;b;leaf 2001
// CHECK-NEXT: worker 4
// CHECK-NEXT: worker;a 4
// CHECK-NEXT: worker;a;leaf 404
// CHECK-NEXT: worker;a;leaf2 400
// CHECK-EMPTY:
// FLAT-DAG:   leaf 3410
// FLAT-DAG:   leaf2 1403

#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) int leaf(int x) { return x * 3 + 1; }
__attribute__((noinline)) int leaf2(int x) { return x ^ 5; }
int (*volatile via)(int) = leaf;

__attribute__((noinline)) int a(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += leaf(i) + leaf2(i);
	return s + via(n);
}

__attribute__((noinline)) int b(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += leaf(i);
	return s + leaf(1);
}

static void *worker(void *arg)
{
	(void)arg;
	a(100);
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	int s = a(1000) + b(2000) + a(3);

	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("%d\n", s);
	return 0;
}
