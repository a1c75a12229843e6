// REQUIRES: gcc
// mode=context: the unit has a thread-local array of memo tables,
// __ccprof_tctx, one pointer per cost centre (2 cost centres: 16 bytes),
// initialised data (.tdata), every entry libccprof's
// __ccprof_ctx_nomemo (the table that matches nothing; each thread's
// first entry into a cost centre makes its own), local-exec in an
// executable; no __ccprof_tcalls (calls are counted in the nodes) and
// no __ccprof_tcc (`current` holds a node's address).  The constructor
// registers with __ccprof_register, the module says ABI version 8, and
// the options string is "mode=context", as clang's.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: FileCheck %s --check-prefix=TABLE < %t.s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-counters=atomic -fplugin-arg-ccprof-exclude=none* -O2 -S %s -o - 2>/dev/null | FileCheck %s --check-prefix=OPTS
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fPIC -O2 -S %s -o - | FileCheck %s --check-prefix=PIC

int a(int x) { return x + 1; }
int b(int x) { return x + 2; }

// CHECK-NOT:   __ccprof_tcalls
// CHECK-NOT:   __ccprof_tcc
// CHECK:       {{call|jmp}} __ccprof_register@PLT
// CHECK-NOT:   __ccprof_tcalls
// CHECK-NOT:   __ccprof_tcc
// CHECK:       .section .tdata,"awT",@progbits
// CHECK-NEXT:  .align 8
// CHECK-NEXT:  .type __ccprof_tctx, @object
// CHECK-NEXT:  .size __ccprof_tctx, 16
// CHECK-NEXT:  __ccprof_tctx:
// CHECK-NEXT:  .quad __ccprof_ctx_nomemo.abi8
// CHECK-NEXT:  .quad __ccprof_ctx_nomemo.abi8
// CHECK-NOT:   .quad
// CHECK:       .section
// TABLE:       .string "mode=context"
// TABLE:       __ccprof_module:
// TABLE-NEXT:  .long 8
// TABLE-NEXT:  .long 2

// counters= does not apply in context mode and is not recorded.
// OPTS:        .string "mode=context exclude=none*"

// In a shared object the tables are initial-exec, as __ccprof_tcalls.
// PIC:         movq __ccprof_tctx@gottpoff(%rip)
