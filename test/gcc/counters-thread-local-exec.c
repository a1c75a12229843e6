// REQUIRES: gcc
// counters=thread, the default: each profiled function counts its calls
// in its element of the unit's thread-local array __ccprof_tcalls (a
// plain load, add and store; element i for cc[i] of the unit's table,
// which is in source order, whichever order GCC instruments them in:
// here callees first).  In an executable the array is local-exec: one
// `addq $1, %fs:OFFSET+__ccprof_tcalls@tpoff` at -O2, a load and store
// through %fs at -O0.  It is a static zero-initialised object in .tbss
// with one uint64_t per cost centre.  `current` still points at the
// shared counters, and the constructor calls __ccprof_register_thread
// with the module and the array's address in the running thread.
//
// (leaf-size=0: the function here is small enough to be a tiny leaf,
// which sets no `current`.)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -S %s -o - | FileCheck %s --implicit-check-not=__ccprof_tcalls@gottpoff
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O0 -S %s -o - | FileCheck %s --check-prefix=O0 --implicit-check-not=__ccprof_tcalls@gottpoff
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-counters=thread -fno-pie -O2 -S %s -o - | FileCheck %s --check-prefix=NOPIE --implicit-check-not=__ccprof_tcalls@gottpoff
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -c %s -o %t.o
// RUN: readelf -sW %t.o | FileCheck %s --check-prefix=SYM
// RUN: %gcc -c %S/Inputs/ccprof_stubs.c -o %t.stubs.o
// RUN: %gcc %t.o %t.stubs.o -o %t
// RUN: %t 5 | FileCheck %s --check-prefix=COUNTS

#include <stdlib.h>

int twice(int x);
int leaf(int x);

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10, s = 0;
	for (int i = 0; i < n; i++)
		s += twice(i);
	return s == 0;
}

__attribute__((noinline)) int twice(int x)
{
	return leaf(x) + leaf(x + 1);
}

__attribute__((noinline)) int leaf(int x)
{
	return x * 3;
}

// (At -O2 GCC emits the callees first.)
// CHECK-LABEL: leaf:
// CHECK:         addq $1, %fs:16+__ccprof_tcalls@tpoff{{$}}
// CHECK:         movq $__ccprof_tcc+24@tpoff, %fs:__ccprof_current.tls@tpoff
// CHECK-LABEL: twice:
// CHECK:         addq $1, %fs:8+__ccprof_tcalls@tpoff{{$}}
// CHECK-NOT:     __ccprof_cnt.twice(%rip)
// CHECK-LABEL: main:
// CHECK:         addq $1, %fs:__ccprof_tcalls@tpoff{{$}}
// CHECK:       _sub_I_65535_0:
// CHECK:         movq %fs:0, [[TP:%r[a-z0-9]+]]
// CHECK-DAG:     leaq __ccprof_module(%rip), %rdi
// CHECK-DAG:     leaq __ccprof_tcalls@tpoff([[TP]]), %rsi
// CHECK:         {{call|jmp}} __ccprof_register_thread@PLT
// CHECK:       _sub_D_00101_1:
// CHECK:         {{call|jmp}} __ccprof_unregister@PLT
// CHECK:         .string "counters=thread leaf-size=0"
// CHECK:       __ccprof_ccs:
// CHECK-NEXT:    .quad __ccprof_cnt.main
// CHECK:         .quad __ccprof_cnt.twice
// CHECK:         .quad __ccprof_cnt.leaf
// CHECK:         .section .tbss,"awT",@nobits
// CHECK:         .type __ccprof_tcalls, @object
// CHECK-NEXT:    .size __ccprof_tcalls, 24
// CHECK-NEXT:  __ccprof_tcalls:
// CHECK-NEXT:    .zero 24

// O0-LABEL: leaf:
// O0:         movq %fs:16+__ccprof_tcalls@tpoff, [[N:%r[a-z0-9]+]]
// O0-NEXT:    addq $1, [[N]]
// O0-NEXT:    movq [[N]], %fs:16+__ccprof_tcalls@tpoff

// Without -fPIE (and counters=thread given), the same; GCC writes the
// offset after the symbol.
// NOPIE-LABEL: leaf:
// NOPIE:         addq $1, %fs:__ccprof_tcalls@tpoff+16{{$}}

// SYM: {{ 24 TLS +LOCAL +DEFAULT +[0-9]+ __ccprof_tcalls$}}

// COUNTS-DAG: register_thread abi=8 n_cc=3 compiler=GCC {{[0-9.]+}} options=counters=thread leaf-size=0 source={{.*}}counters-thread-local-exec.c
// COUNTS-DAG: cc main {{.*}}counters-thread-local-exec.c:29 flags=0 calls=1
// COUNTS-DAG: cc twice {{.*}}counters-thread-local-exec.c:37 flags=0 calls=5
// COUNTS-DAG: cc leaf {{.*}}counters-thread-local-exec.c:42 flags=0 calls=10
