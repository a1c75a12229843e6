; mode=context on x86-64: the entry's slow path is inline assembly, not
; a call, so that a function that is otherwise a leaf needs no frame on
; its fast path: it steps past the red zone (all 128 bytes, before it
; writes anything: a leaf keeps locals there), saves rdi, rsi, rdx and
; rcx below it (always those four, so the stub's CFI knows where its
; caller's frame is), puts
; &__ccprof_ccs[i] and this thread's &__ccprof_tctx[i] there itself
; (link-time constants: the thread pointer is read only on the slow
; path), calls __ccprof_ctx_enter through the PLT with current in rdi,
; restores the four, and takes the node from rax; r10, r11, xmm0-15,
; the flags and memory are clobbered (runtime/context_entry.c keeps the
; rest).  The compiled leaf pushes nothing and does not move its
; arguments.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-mode=context < %s | %llc -O2 -o - | FileCheck %s --check-prefix=ASM

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @leaf(
; CHECK:     ccprof.slow:
; CHECK-NEXT:  %ccprof.slow.node = call ptr asm sideeffect "lea -128(%rsp), %rsp\0A\09pushq %rdi\0A\09pushq %rsi\0A\09pushq %rdx\0A\09pushq %rcx\0A\09leaq ${2:c}(%rip), %rsi\0A\09movq %fs:0, %rdx\0A\09leaq ${3:c}@tpoff(%rdx), %rdx\0A\09call __ccprof_ctx_enter@PLT\0A\09popq %rcx\0A\09popq %rdx\0A\09popq %rsi\0A\09popq %rdi\0A\09lea 128(%rsp), %rsp", "={rax},{rdi},i,i,~{r10},~{r11},~{xmm0},{{.*}},~{xmm15},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr %ccprof.from, ptr {{.*}}@__ccprof_ccs{{.*}}, ptr {{.*}}@__ccprof_tctx{{.*}})
; CHECK-NOT: declare ptr @__ccprof_ctx_enter

; ASM-LABEL: leaf:
; ASM-NOT:     push
; ASM-NOT:     %fs:0
; ASM:         movq %fs:__ccprof_tctx@TPOFF, [[T:%r[a-z0-9]+]]
; ASM:         andq ([[T]]),
; ASM:         incq
; ASM:         lea{{q?}} -128(%rsp), %rsp
; ASM-NEXT:    pushq %rdi
; ASM-NEXT:    pushq %rsi
; ASM-NEXT:    pushq %rdx
; ASM-NEXT:    pushq %rcx
; ASM-NEXT:    leaq .L__ccprof_ccs(%rip), %rsi
; ASM-NEXT:    movq %fs:0, %rdx
; ASM-NEXT:    leaq __ccprof_tctx@TPOFF(%rdx), %rdx
; ASM-NEXT:    call{{q?}} __ccprof_ctx_enter@PLT
; ASM-NEXT:    popq %rcx
; ASM-NEXT:    popq %rdx
; ASM-NEXT:    popq %rsi
; ASM-NEXT:    popq %rdi
; ASM-NEXT:    lea{{q?}} 128(%rsp), %rsp
define i32 @leaf(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}
