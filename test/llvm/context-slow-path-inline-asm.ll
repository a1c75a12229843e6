; mode=context on x86-64: the entry's slow path is inline assembly, not
; a call, so that a function that is otherwise a leaf needs no frame on
; its fast path: it steps past the red zone, calls __ccprof_ctx_enter
; through the PLT with current, &__ccprof_ccs[i] and &__ccprof_tctx[i]
; in rdi, rsi and rdx, and takes the node from rax; r10, r11, xmm0-15,
; the flags and memory are clobbered (runtime/context_entry.c keeps the
; rest).  The compiled leaf pushes nothing.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-mode=context < %s | %llc -O2 -o - | FileCheck %s --check-prefix=ASM

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @leaf(
; CHECK:     ccprof.slow:
; CHECK-NEXT:  %ccprof.slow.node = call ptr asm sideeffect "lea -128(%rsp), %rsp\0A\09call __ccprof_ctx_enter@PLT\0A\09lea 128(%rsp), %rsp", "={rax},{rdi},{rsi},{rdx},~{r10},~{r11},~{xmm0},{{.*}},~{xmm15},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr %ccprof.from, ptr {{.*}}@__ccprof_ccs{{.*}}, ptr {{.*}})
; CHECK-NOT: declare ptr @__ccprof_ctx_enter

; ASM-LABEL: leaf:
; ASM-NOT:     push
; ASM:         movq %fs:__ccprof_tctx@TPOFF, [[T:%r[a-z0-9]+]]
; ASM:         andq ([[T]]),
; ASM:         incq
; ASM:         lea{{q?}} -128(%rsp), %rsp
; ASM-NEXT:    call{{q?}} __ccprof_ctx_enter@PLT
; ASM-NEXT:    lea{{q?}} 128(%rsp), %rsp
define i32 @leaf(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}
