// Link-time optimisation: units compiled with -flto and the plugin, then
// linked with -flto, the plugin still on the link line (as a build that
// puts CFLAGS on every command does), give the same exact counts as
// without -flto: the instrumentation is done when each unit is
// compiled, and the plugin loaded into the link-time compiler (GCC's
// lto1) does nothing.  In flat and in context mode, in an executable
// and across a shared object.
//
// RUN: %cc -O2 -flto -DPART=1 -c %s -o %t1.o
// RUN: %cc -O2 -flto -DPART=2 -c %s -o %t2.o
// RUN: %cc -O2 -flto %t1.o %t2.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
//
// A shared object built with -flto, called from an -flto executable:
// RUN: %cc -O2 -flto -fPIC -DPART=2 -c %s -o %t2pic.o
// RUN: %cc -O2 -flto -shared %t2pic.o -o %t-lib.so %libs
// RUN: %cc -O2 -flto %t1.o %t-lib.so -o %tso -Wl,-rpath,%T %libs
// RUN: env CCPROF_OUT=%tso.out %tso
// RUN: %counts %tso.out | FileCheck %s
//
// CHECK-DAG: main 1
// CHECK-DAG: twice 1000
// CHECK-DAG: add 2000
//
// Context mode: the calls per path are exact too.
// RUN: %cc -O2 -flto %ctxflags -DPART=1 -c %s -o %t1c.o
// RUN: %cc -O2 -flto %ctxflags -DPART=2 -c %s -o %t2c.o
// RUN: %cc -O2 -flto %ctxflags %t1c.o %t2c.o -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc
// RUN: %contexts paths %tc.out | FileCheck --match-full-lines %s --check-prefix=PATHS
// RUN: %contexts check %tc.out
// PATHS:      main 1
// PATHS-NEXT: main;twice 1000
// PATHS-NEXT: main;twice;add 2000
// PATHS-EMPTY:

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
__attribute__((noinline)) int add(int a, int b)
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
