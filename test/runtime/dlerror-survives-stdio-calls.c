// Linking libccprof does not change what dlerror() says: the message of
// a failed dlopen survives the program's first stdio calls.  libccprof.so
// wraps stdio (the io event) and looks up libc's functions with dlsym,
// which frees the thread's pending dlerror message; it did so at each
// function's first call, so fputs here made dlerror() return NULL, and
// a first printf printed the freed string.  It now looks them all up
// when the runtime starts.
//
// REQUIRES: primary
// RUN: %plain_cc %s -o %t %libs -ldl
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// CHECK: dlopen failed
// CHECK-NEXT: dlerror: /nonexistent/ccprof-no-such-library.so: cannot open shared object file
// RUN: %plain_cc %s -o %t-plain -ldl
// RUN: %t-plain | FileCheck %s

#include <dlfcn.h>
#include <stdio.h>

int main(void)
{
	const char *e;

	if (dlopen("/nonexistent/ccprof-no-such-library.so", RTLD_NOW))
		return 1;
	fputs("dlopen failed\n", stdout);	/* the first fputs */
	e = dlerror();
	printf("dlerror: %s\n", e ? e : "(null)");	/* the first printf */
	return 0;
}
