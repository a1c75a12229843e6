// A fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) in a program with no handler
// of its own: the runtime's handler writes what was counted, marked
// "status incomplete", restores the default action and returns, so the
// faulting instruction faults again and the program dies exactly as
// without ccprof: exit status 128 + the signal, a core dump if enabled.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=segv.out sh -c '%t segv; echo status=$?' 2>/dev/null | FileCheck --check-prefix=SEGV %s
// RUN: cd %t.d && env CCPROF_OUT=bus.out sh -c '%t bus; echo status=$?' 2>/dev/null | FileCheck --check-prefix=BUS %s
// RUN: cd %t.d && env CCPROF_OUT=fpe.out sh -c '%t fpe; echo status=$?' 2>/dev/null | FileCheck --check-prefix=FPE %s
// RUN: cd %t.d && env CCPROF_OUT=ill.out sh -c '%t ill; echo status=$?' 2>/dev/null | FileCheck --check-prefix=ILL %s
// SEGV: status=139
// BUS: status=135
// FPE: status=136
// ILL: status=132
// RUN: for f in segv bus fpe ill; do \
// RUN:   FileCheck --check-prefix=FILE %s < %t.d/$f.out || exit 1; \
// RUN:   %counts %t.d/$f.out | FileCheck %s || exit 1; \
// RUN: done
// FILE: status{{[[:space:]]}}incomplete
// CHECK: fault 1
// CHECK-NEXT: main 1
// CHECK-NEXT: step 4

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

__attribute__((noinline)) int fault(const char *how)
{
	if (!strcmp(how, "segv")) {
		volatile int *volatile null = 0;

		return *null;
	}
	if (!strcmp(how, "fpe")) {
		volatile int n = 7, zero = 0;

		return n / zero;	/* idiv on x86 (1 / x is folded) */
	}
	if (!strcmp(how, "bus")) {
		/* Touching a page of a file mapping past the end of file. */
		int fd = open("bus.map", O_RDWR | O_CREAT | O_TRUNC, 0600);
		volatile char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
					MAP_SHARED, fd, 0);

		return p[4096];
	}
	__builtin_trap();	/* ud2 on x86: SIGILL */
}

int main(int argc, char **argv)
{
	volatile int sum = 0;

	for (int i = 0; i < 4; i++)
		sum += step(i);
	return fault(argc > 1 ? argv[1] : "");
}
