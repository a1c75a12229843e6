; mode=context on x86-64: every form of the slow path's inline assembly
; steps over all 128 bytes of the red zone before it writes anything,
; and saves the same four registers (rdi, rsi, rdx, rcx) below it: the
; entry's and the kid slot's in an executable (PIE) and in a shared
; object, and a site entry's.  A leaf keeps locals and spills in the red
; zone; saves pushed inside it overwrote them
; (test/e2e/context-slow-path-keeps-red-zone.c runs the program).
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s > %t-exe.ll
; RUN: FileCheck %s --check-prefixes=CHECK,EXE < %t-exe.ll
; RUN: grep -o 'asm sideeffect "lea [^\]*' %t-exe.ll | sort -u | FileCheck %s --check-prefix=LEA
; RUN: sed 's/^!llvm.module.flags = !{!0, !1}/!llvm.module.flags = !{!0}/' %s | %opt -passes=ccprof -ccprof-mode=context -S > %t-so.ll
; RUN: FileCheck %s --check-prefixes=CHECK,SO < %t-so.ll
; RUN: grep -o 'asm sideeffect "lea [^\]*' %t-so.ll | sort -u | FileCheck %s --check-prefix=LEA
; RUN: %opt -passes=ccprof -ccprof-mode=context < %s | %llc -O2 -o - | FileCheck %s --check-prefix=ASM

target triple = "x86_64-pc-linux-gnu"

; CHECK: asm sideeffect "lea -128(%rsp), %rsp\0A\09pushq %rdi\0A\09pushq %rsi\0A\09pushq %rdx\0A\09pushq %rcx\0A\09{{.*}}__ccprof_ctx_enter@PLT\0A\09popq %rcx\0A\09popq %rdx\0A\09popq %rsi\0A\09popq %rdi\0A\09lea 128(%rsp), %rsp"
; CHECK: asm sideeffect "lea -128(%rsp), %rsp\0A\09pushq %rdi\0A\09pushq %rsi\0A\09pushq %rdx\0A\09pushq %rcx\0A\09{{.*}}__ccprof_ctx_kid@PLT\0A\09popq %rcx\0A\09popq %rdx\0A\09popq %rsi\0A\09popq %rdi\0A\09lea 128(%rsp), %rsp"
; EXE:   define hidden i32 @exported.ccprof.site.
; EXE:   asm sideeffect "lea -128(%rsp), %rsp\0A\09pushq %rdi\0A\09pushq %rsi\0A\09pushq %rdx\0A\09pushq %rcx\0A\09pushq $1\0A\09pushq $4\0A\09{{.*}}__ccprof_ctx_kid@PLT\0A\09popq %rcx\0A\09popq %rdx\0A\09popq %rsi\0A\09popq %rdi\0A\09lea 128(%rsp), %rsp"
; SO-NOT: ccprof.site
; LEA:      {{^}}asm sideeffect "lea -128(%rsp), %rsp{{$}}
; LEA-NOT:  {{.}}
; ASM-NOT:  lea{{q?}} -{{([0-9]|[0-9][0-9]|1[01][0-9]|12[0-7])}}(%rsp), %rsp

; not a tiny leaf (it calls a function), so its caller finds its node in
; a kid slot
define internal i32 @callee(i32 %x) noinline {
  %y = mul i32 %x, 3
  %z = call i32 @exported(i32 %y)
  ret i32 %z
}

define i32 @caller(i32 %x) {
  %a = call i32 @callee(i32 %x)
  %b = call i32 @exported(i32 %a)
  ret i32 %b
}

define i32 @exported(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 7, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
