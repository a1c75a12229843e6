// Context mode on a fatal signal: abort() in a context-mode program, and
// a SIGSEGV raised from a signal handler that itself ran profiled code
// (so the handler entered contexts through the slow path); each time the
// runtime's handler writes the contexts (built in mmap'ed memory, no
// malloc), marked incomplete, and the program dies of the same signal.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t %libs
// RUN: rm -f %t.out %t.segv.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t abort; echo status=$?' 2>/dev/null | FileCheck --check-prefix=ABRT %s
// ABRT: status=134
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}incomplete
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// CHECK:      main 1
// CHECK-NEXT: main;die 1
// CHECK-NEXT: main;step 6
// CHECK-EMPTY:
// RUN: env CCPROF_OUT=%t.segv.out sh -c '%t segv; echo status=$?' 2>/dev/null | FileCheck --check-prefix=SEGV %s
// SEGV: status=139
// RUN: %contexts paths %t.segv.out | FileCheck --match-full-lines --check-prefix=HANDLER %s
// HANDLER:      main 1
// HANDLER-NEXT: main;die 1
// HANDLER-NEXT: main;die;on_usr1 1
// HANDLER-NEXT: main;die;on_usr1;step 1
// HANDLER-NEXT: main;step 6
// HANDLER-EMPTY:
// RUN: %contexts check %t.out
// RUN: %contexts check %t.segv.out

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static volatile int sum;

__attribute__((noinline)) int step(int i) { return i + 1; }

void on_usr1(int sig)
{
	(void)sig;
	sum += step(1);
	raise(SIGSEGV);
}

__attribute__((noinline)) void die(const char *how)
{
	if (strcmp(how, "segv") == 0) {
		signal(SIGUSR1, on_usr1);
		raise(SIGUSR1);
	}
	abort();
}

int main(int argc, char **argv)
{
	for (int i = 0; i < 6; i++)
		sum += step(i);
	die(argc > 1 ? argv[1] : "abort");
	return 0;
}
