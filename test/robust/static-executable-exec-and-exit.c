// A fully static executable (-static, libccprof.a) has no dlsym(RTLD_NEXT)
// to find libc's exec functions; libccprof's wrappers then make the
// system calls themselves (execvp with glibc's PATH search, a script
// without "#!" run by /bin/sh), so exec and _exit work as without ccprof
// and still write the profile first.
//
// RUN: %cc -O2 -static %s -o %t %libs -pthread
// RUN: rm -rf %t.d && mkdir %t.d && printf 'echo script ran\n' > %t.d/script && chmod +x %t.d/script
// RUN: env CCPROF_OUT=%t.d/execvp.out %t execvp | FileCheck --check-prefix=EXECVP %s
// EXECVP: hello from echo
// RUN: env CCPROF_OUT=%t.d/script.out PATH=%t.d:/usr/bin:/bin %t script | FileCheck --check-prefix=SCRIPT %s
// SCRIPT: script ran
// RUN: env CCPROF_OUT=%t.d/exit.out sh -c '%t _exit; echo status=$?' | FileCheck --check-prefix=EXIT %s
// EXIT: status=9
// RUN: for f in execvp script exit; do \
// RUN:   FileCheck --check-prefix=FILE %s < %t.d/$f.out || exit 1; \
// RUN:   %counts %t.d/$f.out | FileCheck %s || exit 1; \
// RUN: done
// FILE: status{{[[:space:]]}}complete
// CHECK: main 1
// CHECK-NEXT: step 2

#include <stdio.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "";
	volatile int sum = step(0) + step(1);

	if (!strcmp(how, "execvp")) {
		char *args[] = { "echo", "hello from echo", NULL };

		execvp("echo", args);
	} else if (!strcmp(how, "script")) {
		execlp("script", "script", (char *)NULL);
	} else if (!strcmp(how, "_exit")) {
		_exit(9);
	}
	perror(how);
	return sum;
}
