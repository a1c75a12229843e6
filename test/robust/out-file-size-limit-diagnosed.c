// A file-size limit (ulimit -f) smaller than the profile: the write fails
// with EFBIG instead of killing the program with SIGXFSZ (the runtime
// ignores SIGXFSZ while it writes, when its action is the default); one
// diagnostic, no file left behind (not even a truncated temporary one),
// and the exit status is the program's.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=%t.d/prof.out sh -c 'ulimit -f 2; %t; echo status=$?' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: ccprof: cannot write profile '{{.*}}prof.out': File too large
// CHECK-NEXT: status=6
// RUN: ls %t.d | FileCheck --check-prefix=LS %s --allow-empty
// LS-NOT: prof

/* Enough cost centres for a profile well above 1 KiB. */
#define F(n) __attribute__((noinline)) int f##n(int i) { return i + n; }
#define F10(n) F(n##0) F(n##1) F(n##2) F(n##3) F(n##4) F(n##5) F(n##6) \
	F(n##7) F(n##8) F(n##9)
F10(1) F10(2) F10(3) F10(4) F10(5)

int main(void)
{
	return f10(0) - 4;
}
