// $(ccprof-config --libs) works wherever a build system puts it: in
// LDFLAGS before the objects, with --as-needed (Debian's gcc default;
// explicit here for clang), the library is kept (--push-state,
// --no-as-needed around -lccprof); after the objects; and when linking a
// shared library whose objects are instrumented.
//
// RUN: %cc -O2 -c %s -o %t.o
// RUN: %plain_cc -Wl,--as-needed $(ccprof-config --libs) %t.o -o %t-before
// RUN: readelf -d %t-before | FileCheck %s --check-prefix=NEEDED
// NEEDED: (NEEDED) {{.*}}[libccprof.so]
// RUN: env CCPROF_OUT=%t-before.out %t-before
// RUN: %counts %t-before.out | FileCheck %s
// RUN: %plain_cc -Wl,--as-needed %t.o $(ccprof-config --libs) -o %t-after
// RUN: env CCPROF_OUT=%t-after.out %t-after
// RUN: %counts %t-after.out | FileCheck %s
//
// RUN: %cc -O2 -fPIC -DLIB -c %s -o %t-lib.o
// RUN: %plain_cc -shared -Wl,--as-needed $(ccprof-config --libs) %t-lib.o -o %t-lib.so
// RUN: readelf -d %t-lib.so | FileCheck %s --check-prefix=NEEDED
//
// CHECK:      main 1
// CHECK-NEXT: twice 3

#ifdef LIB
int lib_twice(int x)
{
	return 2 * x;
}
#else
__attribute__((noinline)) int twice(int x)
{
	return 2 * x;
}

int main(void)
{
	return twice(1) + twice(2) + twice(3) == 12 ? 0 : 1;
}
#endif
