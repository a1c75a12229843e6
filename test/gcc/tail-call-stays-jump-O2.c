// REQUIRES: gcc
// Tail calls stay jumps at -O2: no reset follows a call in tail position,
// so GCC's own tail-call pass still turns the mutually recursive calls
// into `jmp`, and a recursion 10^8 deep runs in constant stack with exact
// counts.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gcc -fplugin=%gcc_plugin -O2 %s %t.stubs.o -o %t
// RUN: %t 100000000 | FileCheck %s

#include <stdlib.h>

int is_odd(unsigned long n);

__attribute__((noinline)) int is_even(unsigned long n)
{
	if (n == 0)
		return 1;
	return is_odd(n - 1);
}

__attribute__((noinline)) int is_odd(unsigned long n)
{
	if (n == 0)
		return 0;
	return is_even(n - 1);
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 10;
	return is_even(n) ? 0 : 1;
}

// (GCC emits is_odd first.)
// ASM-LABEL: is_odd:
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
// ASM-NOT:     call
// ASM:         jmp is_even
// ASM-LABEL: is_even:
// ASM:         movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %fs:__ccprof_current.tls@tpoff
// ASM-NOT:     call
// ASM:         jmp is_odd

// CHECK: cc is_even {{.*}}tail-call-stays-jump-O2.c:16 flags=0 calls=50000001
// CHECK: cc is_odd {{.*}}tail-call-stays-jump-O2.c:23 flags=0 calls=50000000
// CHECK: cc main {{.*}}tail-call-stays-jump-O2.c:30 flags=0 calls=1
