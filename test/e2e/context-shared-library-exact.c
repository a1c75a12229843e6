// Context mode in a shared object: the library's functions reach this
// thread's memo tables through the GOT (initial-exec), their slow paths
// included, with transitions at the call site (a direct call within the
// library) and at the entry (the executable's call into it).  The calls
// per path are exact, and the same with transitions=entry.
//
// REQUIRES: context-mode
// RUN: %cc -O2 -fPIC -shared %ctxflags -DPART=2 %s -o %t-lib.so %libs
// RUN: %cc -O2 %ctxflags -DPART=1 %s %t-lib.so -o %t -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck %s
// RUN: %contexts check %t.out
// RUN: %cc -O2 -fPIC -shared %ctxflags %pluginopt-transitions=entry -DPART=2 %s -o %t-lib.so %libs
// RUN: env CCPROF_OUT=%t-entry.out %t
// RUN: %contexts paths %t-entry.out | FileCheck %s
// CHECK:      main 1
// CHECK-NEXT: main;twice 1000
// CHECK-NEXT: main;twice;add 2000
// CHECK-EMPTY:

#if PART == 1
int twice(int x);
static volatile int sink;
int main(void)
{
	for (int i = 0; i < 1000; i++)
		sink += twice(i);
	return 0;
}
#else
__attribute__((noinline)) static int add(int a, int b)
{
	static volatile int v;
	v += a;
	return v + b;
}
int twice(int x)
{
	return add(x, 1) + add(x, 2);
}
#endif
