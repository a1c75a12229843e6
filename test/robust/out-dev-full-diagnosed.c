// A profile that cannot be written for lack of space: one diagnostic with
// the path and the cause, the exit status is the program's own.  /dev/full
// fails every write with ENOSPC.  An existing path that is not a regular
// file (a device, a FIFO, /dev/stdout) is written in place, never
// replaced: /dev/full is still the device afterwards (a rename over it
// would replace the device node, and tests run as root).
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: env CCPROF_OUT=/dev/full sh -c '%t; echo status=$?' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: ccprof: cannot write profile '/dev/full': No space left on device
// CHECK-NEXT: status=4
// CHECK-NOT: ccprof
// RUN: test -c /dev/full
// RUN: ls /dev | FileCheck --check-prefix=LS %s
// LS-NOT: full.tmp

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = step(1);

	(void)sum;
	return 4;
}
