// REQUIRES: gcc
// mode=context: on entry a profiled function reads `current` (its
// caller's node; volatile) and this thread's memo table for its cost
// centre i, __ccprof_tctx[i] (ABI 5); the table's first word is its mask,
// which picks the way for this caller, at byte 16 + ((current >> 2) &
// mask); it loads the way's `from` and `to`, and if `from` is `current`
// takes `to` (the transition taken last from this `current`); otherwise
// it calls the runtime's slow path with `current`, its descriptor
// &__ccprof_ccs[i] and &__ccprof_tctx[i], in a block counted zero.  On
// x86-64 that call is an asm statement: past the red zone, the three
// arguments in rdi, rsi, rdx, the node in rax, r10, r11 and the vector
// registers clobbered; with -masm=intel (which the asm is not written
// in) or without SSE (-mgeneral-regs-only: no xmm register to clobber)
// it is an ordinary call.  The node (a PHI of the two) counts the
// call and becomes `current`.  Flat mode's count in __ccprof_tcalls and
// its TLS-offset store are gone.
//
// At -O2 with transitions=entry: the call-site form is
// context-call-site-transition.c (and the site entries of exported
// functions, context-site-entry.c).
// leaf-size=0: the functions here are tiny leaves, which store no node
// (context-tiny-leaf-counts-without-current.c).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefixes=CHECK,ASMCALL
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O0 -masm=intel -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefixes=CHECK,CALL
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O0 -mgeneral-regs-only -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefixes=CHECK,CALL
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-transitions=entry -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int first(int x)
{
	return x + 1;
}

int f(int x)
{
	return x * 3;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[P:_[0-9]+]] ={v} __ccprof_current;
// f is cost centre 1: its table, the table's mask, the way's offset
// (current >> 2) & mask added to the table's address; the way's fields
// are 16 bytes (the header) further.
// CHECK-NEXT:    [[T:_[0-9]+]] = __ccprof_tctx[1];
// CHECK-NEXT:    [[MASK:_[0-9]+]] = MEM[(long unsigned int *)[[T]]];
// CHECK-NEXT:    [[SMASK:_[0-9]+]] = (sizetype) [[MASK]];
// CHECK-NEXT:    [[BITS:_[0-9]+]] = (sizetype) [[P]];
// CHECK-NEXT:    [[SH:_[0-9]+]] = [[BITS]] >> 2;
// CHECK-NEXT:    [[OFF:_[0-9]+]] = [[SH]] & [[SMASK]];
// CHECK-NEXT:    [[E:_[0-9]+]] = [[T]] + [[OFF]];
// CHECK-NEXT:    [[FROM:_[0-9]+]] = MEM[(struct  *)[[E]] + 16B].from;
// CHECK-NEXT:    [[TO:_[0-9]+]] = MEM[(struct  *)[[E]] + 16B].to;
// CHECK-NEXT:    [[HIT:_[0-9]+]] = [[FROM]] == [[P]];
// CHECK-NEXT:    if ([[HIT]] != 0)
// CHECK-NEXT:      goto <bb [[JOIN:[0-9]+]]>;
// CHECK-NEXT:    else
// CHECK-NEXT:      goto <bb [[SLOW:[0-9]+]]>;
// CHECK-EMPTY:
// CHECK-NEXT:  <bb [[SLOW]]> [count: 0]:
// CHECK-NEXT:    [[TAB:_[0-9]+]] = &__ccprof_tctx[1];
// ASMCALL-NEXT:  __asm__ __volatile__("lea -128(%%rsp), %%rsp
// ASMCALL-NEXT:  pushq %%rdi
// ASMCALL-NEXT:  pushq %%rsi
// ASMCALL-NEXT:  pushq %%rdx
// ASMCALL-NEXT:  pushq %%rcx
// ASMCALL-NEXT:  pushq %1
// ASMCALL-NEXT:  pushq %2
// ASMCALL-NEXT:  pushq %3
// ASMCALL-NEXT:  popq %%rdx
// ASMCALL-NEXT:  popq %%rsi
// ASMCALL-NEXT:  popq %%rdi
// ASMCALL-NEXT:  call __ccprof_ctx_enter@PLT
// ASMCALL-NEXT:  popq %%rcx
// ASMCALL-NEXT:  popq %%rdx
// ASMCALL-NEXT:  popq %%rsi
// ASMCALL-NEXT:  popq %%rdi
// ASMCALL-NEXT:  lea 128(%%rsp), %%rsp" : "=a" [[S:_[0-9]+]] : "r" [[P]], "r" &__ccprof_ccs[1], "r" [[TAB]] : "r10", "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory", "cc");
// CALL-NEXT:     [[S:_[0-9]+]] = __ccprof_ctx_enter ([[P]], &__ccprof_ccs[1], [[TAB]]);
// CHECK-EMPTY:
// CHECK-NEXT:  <bb [[JOIN]]> :
// CHECK-NEXT:    # [[N:_[0-9]+]] = PHI <[[TO]](2), [[S]]([[SLOW]])>
// CHECK-NEXT:    [[C:_[0-9]+]] = [[N]]->calls;
// CHECK-NEXT:    [[C1:_[0-9]+]] = [[C]] + 1;
// CHECK-NEXT:    [[N]]->calls = [[C1]];
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) * 3;
// CHECK-NOT:     __ccprof_tcalls
// CHECK-NOT:     __ccprof_tcc

// At -O2 the fast path is inline and needs no frame (the asm is no call
// to GCC): the table's load, the mask applied, the way's `to` loaded and
// its `from` compared, the count and the store.  The slow path is out
// of line in f.cold (its block is counted zero).
// ASM-LABEL: f:
// ASM-NOT:     push
// ASM-DAG:     movq %fs:8+__ccprof_tctx@tpoff, [[T:%r[a-z0-9]+]]
// ASM-DAG:     movq %fs:__ccprof_current.tls@tpoff, [[P:%r[a-z0-9]+]]
// ASM:         shrq $2, [[K:%r[a-z0-9]+]]
// ASM-NEXT:    andq ([[T]]), [[K]]
// ASM-NEXT:    addq [[K]], [[T]]
// ASM-NEXT:    movq 24([[T]]), [[N:%r[a-z0-9]+]]
// ASM-NEXT:    cmpq 16([[T]]), [[P]]
// ASM-NEXT:    jne
// ASM-NOT:     push
// ASM:         addq $1, ([[N]])
// ASM-NOT:     push
// ASM:         movq [[N]], %fs:__ccprof_current.tls@tpoff
// ASM-NEXT:    ret
// ASM:       f.cold:
// ASM-DAG:     leaq 40+__ccprof_ccs(%rip), [[D:%r[a-z0-9]+]]
// ASM-DAG:     addq $8+__ccprof_tctx@tpoff, [[TAB:%r[a-z0-9]+]]
// ASM:         lea -128(%rsp), %rsp
// ASM-NEXT:    pushq %rdi
// ASM-NEXT:    pushq %rsi
// ASM-NEXT:    pushq %rdx
// ASM-NEXT:    pushq %rcx
// ASM-NEXT:    pushq %r{{[a-z0-9]+}}
// ASM-NEXT:    pushq [[D]]
// ASM-NEXT:    pushq [[TAB]]
// ASM-NEXT:    popq %rdx
// ASM-NEXT:    popq %rsi
// ASM-NEXT:    popq %rdi
// ASM-NEXT:    call __ccprof_ctx_enter@PLT
// ASM-NEXT:    popq %rcx
// ASM-NEXT:    popq %rdx
// ASM-NEXT:    popq %rsi
// ASM-NEXT:    popq %rdi
// ASM-NEXT:    lea 128(%rsp), %rsp
