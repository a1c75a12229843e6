// Context mode: a call of a function declared const (or pure) stays a
// call of that function, not of its body or of its site entry, so the
// compiler merges two calls with the same argument as it does in the
// plain build and in flat mode, and the counts are flat mode's.  Calls
// of kind (another unit) and local_kind (this unit) made at the call
// site were two calls each where flat mode makes one (liblzma's
// lzma_filter_encoder_is_supported, declared const: 20 calls against
// 18 in xz's test_filter_flags).
//
// REQUIRES: context-mode
// RUN: %cc -O2 -DLIB -c %s -o %t-lib-flat.o
// RUN: %cc -O2 -c %s -o %t-main-flat.o
// RUN: %cc %t-main-flat.o %t-lib-flat.o -o %t-flat %libs
// RUN: env CCPROF_OUT=%t-flat.out %t-flat
// RUN: %counts %t-flat.out | FileCheck %s
// RUN: %cc -O2 %ctxflags -DLIB -c %s -o %t-lib-ctx.o
// RUN: %cc -O2 %ctxflags -c %s -o %t-main-ctx.o
// RUN: %cc %t-main-ctx.o %t-lib-ctx.o -o %t-ctx %libs
// RUN: env CCPROF_OUT=%t-ctx.out %t-ctx
// RUN: %counts %t-ctx.out | FileCheck %s
// RUN: %contexts flat %t-ctx.out | FileCheck %s
// CHECK:      {{^}}kind 10{{$}}
// CHECK-NEXT: {{^}}local_kind 10{{$}}
// CHECK-NEXT: {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}use 10{{$}}
#include <stdio.h>

#ifdef LIB
__attribute__((const)) int kind(int x)
{
	return x * 3 + 1;
}
#else
__attribute__((const)) int kind(int x);

static __attribute__((const, noinline)) int local_kind(int x)
{
	return x * 5 + 2;
}

__attribute__((noinline)) int use(int x)
{
	int s = 0;
	if (kind(x) > 3)
		s += 1;
	if (kind(x) > 4)	/* the same call, merged with the first */
		s += 2;
	return s + local_kind(x) + local_kind(x);
}

int main(void)
{
	int s = 0;
	for (int i = 0; i < 10; i++)
		s += use(i);
	printf("%d\n", s);
	return 0;
}
#endif
