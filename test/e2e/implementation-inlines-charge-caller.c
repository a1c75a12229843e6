// Static always_inline functions with names reserved to the
// implementation -- the SSE intrinsics of <emmintrin.h>, which clang
// defines that way (GCC's are extern gnu_inline) -- are instructions, not
// functions: no cost centre with any compiler, at -O0 or -O2, and their
// time goes to the caller.  An always_inline function with an ordinary
// name is profiled as usual.
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %counts %t2.out | FileCheck %s
// CHECK-NOT: _mm_
// CHECK-NOT: _reserved
// CHECK: main 1
// CHECK-NEXT: mine 1000
// CHECK-NEXT: sum_bytes 1
// CHECK-NOT: _mm_
// CHECK-NOT: _reserved
#include <emmintrin.h>
#include <stdio.h>

static inline __attribute__((always_inline)) int _reserved(int x)
{
	return x + 1;
}

static inline __attribute__((always_inline)) int mine(int x)
{
	return _reserved(x) * 2;
}

static unsigned char buf[1024] __attribute__((aligned(16)));

__attribute__((noinline)) int sum_bytes(void)
{
	__m128i acc = _mm_setzero_si128();
	for (int i = 0; i < (int)sizeof buf; i += 16)
		acc = _mm_add_epi8(acc, _mm_load_si128((const __m128i *)(buf + i)));
	return _mm_cvtsi128_si32(acc) & 0xff;
}

int main(void)
{
	int t = 0;
	for (int i = 0; i < 1000; i++) {
		buf[i] = (unsigned char)i;
		t += mine(i);
	}
	printf("%d %d\n", t, sum_bytes());
	return 0;
}
