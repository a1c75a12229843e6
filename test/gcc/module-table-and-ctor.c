// REQUIRES: gcc
// Each unit with profiled functions gets a read-only table of its cost
// centres (struct ccprof_cc_desc: counters, linkage name, file, line,
// flags, kid counts) in source order, a struct ccprof_module (ABI version 8, the
// compiler, the plugin options, the source file), and a constructor and
// destructor that hand it to __ccprof_register_thread / __ccprof_unregister.
// The symbol is the linkage name: an asm label names the function (the
// demo's `isPrime.test`, Appel's name for the inner function).  A unit
// with no profiled function emits none of this.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gcc -fplugin=%gcc_plugin -O2 %s %t.stubs.o -o %t
// RUN: %t 30 | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude=* -O2 -S %s -o - | FileCheck %s --check-prefix=NONE

#include <stdlib.h>

static int test(int x, int i) __asm__("isPrime.test");

static int test(int x, int i)
{
	return i >= x || (x % i != 0 && test(x, i + 1));
}

__attribute__((noinline)) int isPrime(int x)
{
	return test(x, 2);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10, primes = 0;
	for (int x = 2; x < n; x++)
		primes += isPrime(x);
	return primes == 0;
}

// (At -O2 GCC emits the constructors first, then the module, then the
// table.)
// ASM:         _sub_I_65535_0:
// ASM-DAG:     leaq __ccprof_module(%rip), %rdi
// ASM-DAG:     leaq __ccprof_tcalls@tpoff({{%r[a-z0-9]+}}), %rsi
// ASM-NEXT:    {{call|jmp}} __ccprof_register_thread@PLT
// ASM:         .section .init_array
// ASM-NEXT:    .align 8
// ASM-NEXT:    .quad _sub_I_65535_0
// ASM:         _sub_D_00101_1:
// ASM:         leaq __ccprof_module(%rip), %rdi
// ASM-NEXT:    {{call|jmp}} __ccprof_unregister@PLT
// ASM:         .section .fini_array.00101,"aw"
// ASM-NEXT:    .align 8
// ASM-NEXT:    .quad _sub_D_00101_1
// ASM:         __ccprof_module:
// ASM-NEXT:    .long 8
// ASM-NEXT:    .long 3
// ASM-NEXT:    .quad __ccprof_ccs
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM:         __ccprof_ccs:
// ASM-NEXT:    .quad __ccprof_cnt.isPrime.test
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .quad .LC{{[0-9]+}}
// ASM-NEXT:    .long 21
// ASM-NEXT:    .long 0
// ASM-NEXT:    .quad 0
// ASM-NEXT:    .quad __ccprof_cnt.isPrime
// ASM:         .quad __ccprof_cnt.main

// CHECK:      register_thread abi=8 n_cc=3 compiler=GCC {{[0-9]+\.[0-9]+\.[0-9]+}} options=counters=thread source={{.*}}module-table-and-ctor.c
// CHECK-NEXT: cc isPrime.test {{.*}}module-table-and-ctor.c:21 flags=0 calls=144
// CHECK-NEXT: cc isPrime {{.*}}module-table-and-ctor.c:26 flags=0 calls=28
// CHECK-NEXT: cc main {{.*}}module-table-and-ctor.c:31 flags=0 calls=1

// NONE-NOT: __ccprof_ccs
// NONE-NOT: __ccprof_module
// NONE-NOT: __ccprof_register
// NONE-NOT: .init_array
