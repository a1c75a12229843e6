; mode=context, transitions=call-site, in an executable (PIE): calls
; across units.  A function with a strong definition of its own (callee)
; is split and gets a hidden site entry, named after it and a digest of
; its prototype, that takes the caller's node and kid-slot index last,
; loads the node from that slot (the slow path __ccprof_ctx_kid with the
; index on first use, from and the index in any registers: the assembly
; moves them into rdi and rcx through the stack), counts it and
; tail-calls the body with it (a call the inliner may inline, unlike the
; entry's: context-site-entry-inlines-body-with-lines.ll).  A
; direct call of a function only declared here (remote) becomes a call
; of that function's site entry with the caller's node and a slot of its
; own (the caller's descriptor counts it: 2 << 16); an exported alias
; of callee (as C++'s C1 constructors are of C2) gets an alias of its
; site entry.  The unit defines
; the site entry too, weak and hidden, as a call of the function: the
; fallback the link keeps when remote's unit has none.  Left alone: a
; C library function (strlen), a variadic declaration, a noreturn one,
; main (no site entry), and every function in a shared object
; (context-call-site-transition.ll).
; leaf-size=0: the functions here are tiny leaves, which store no node
; (context-tiny-leaf-counts-without-current.ll).
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -ccprof-transitions=entry -S < %s | FileCheck %s --check-prefix=ENTRY

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @__ccprof_ccs = private constant {{.*}} { ptr @__ccprof_cnt.caller, {{.*}}, i32 0, i32 131072, ptr null }
; CHECK: @callee_alias.ccprof.site.[[CD:[0-9a-f]+]] = hidden alias i32 (i32, ptr, i64), ptr @callee.ccprof.site.[[CD]]

@callee_alias = alias i32 (i32), ptr @callee

declare i32 @remote(i32, ptr)
declare i64 @strlen(ptr)
declare i32 @printf(ptr, ...)
declare void @fail(i32) noreturn

; CHECK-LABEL: define i32 @callee(
; CHECK:       tail call i32 @callee.ccprof(i32 %0, ptr %ccprof.node) [[NOINLINE:#[0-9]+]]
define i32 @callee(i32 %x) {
entry:
  %y = mul i32 %x, 3
  ret i32 %y
}

; ENTRY-LABEL: define i32 @caller(
; ENTRY:       %a = call i32 @remote(i32 %x, ptr %s)
; ENTRY-NOT:   ccprof.site
define i32 @caller(i32 %x, ptr %s) {
entry:
  %a = call i32 @remote(i32 %x, ptr %s)
  %n = call i64 @strlen(ptr %s)
  %p = call i32 (ptr, ...) @printf(ptr %s)
  %b = call i32 @remote(i32 %a, ptr %s)
  %z = icmp eq i32 %b, 0
  br i1 %z, label %bad, label %ok
bad:
  call void @fail(i32 %b)
  unreachable
ok:
  ret i32 %b
}

; CHECK-LABEL: define i32 @main(
; CHECK-NOT:   ccprof.site
; CHECK:       ret i32
define i32 @main() {
entry:
  ret i32 0
}

; The fallback for remote: weak, hidden, `return remote(x, s)`.
; CHECK: define weak hidden i32 @remote.ccprof.site.[[RD:[0-9a-f]+]](i32 %0, ptr %1, ptr %2, i64 %3)
; CHECK-NEXT:  entry:
; CHECK-NEXT:  [[F:%.*]] = tail call i32 @remote(i32 %0, ptr %1)
; CHECK-NEXT:  ret i32 [[F]]

; The body keeps callee's code.
; CHECK-LABEL: define internal i32 @callee.ccprof(i32 %x, ptr %ccprof.node)
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  %y = mul i32 %x, 3

; callee's site entry: the kid slot from + 32 + 8 * slot.
; CHECK-LABEL: define hidden i32 @callee.ccprof.site.{{[0-9a-f]+}}(i32 %0, ptr %ccprof.from, i64 %ccprof.slot)
; CHECK:       [[SH:%.*]] = shl i64 %ccprof.slot, 3
; CHECK-NEXT:  [[OFF:%.*]] = add i64 [[SH]], 32
; CHECK-NEXT:  [[KID:%ccprof.kid.*]] = getelementptr inbounds i8, ptr %ccprof.from, i64 [[OFF]]
; CHECK-NEXT:  [[N:%.*]] = load ptr, ptr [[KID]], align 8
; CHECK-NEXT:  [[Z:%.*]] = icmp eq ptr [[N]], null
; CHECK-NEXT:  br i1 [[Z]], label %ccprof.kid.slow, label
; CHECK:     ccprof.kid.slow:
; CHECK-NEXT:  call ptr asm sideeffect {{.*}}pushq $1\0A\09pushq $4\0A\09popq %rcx\0A\09popq %rdi{{.*}}__ccprof_ctx_kid{{.*}}"={rax},r,i,i,r,{{.*}}(ptr %ccprof.from, ptr {{.*}}@__ccprof_ccs{{.*}}, ptr {{.*}}@__ccprof_tctx{{.*}}, i64 %ccprof.slot)
; CHECK:       [[E:%.*]] = phi ptr
; CHECK-NEXT:  [[C:%.*]] = load i64, ptr [[E]], align 8
; CHECK-NEXT:  [[C1:%.*]] = add i64 [[C]], 1
; CHECK-NEXT:  store i64 [[C1]], ptr [[E]], align 8
; CHECK-NEXT:  [[R:%.*]] = tail call i32 @callee.ccprof(i32 %0, ptr [[E]]){{$}}
; CHECK-NEXT:  ret i32 [[R]]

; caller (split too: it has a site entry) calls remote's site entry
; with its node and slots 0 and 1; not strlen, printf or fail.
; CHECK-LABEL: define internal i32 @caller.ccprof(
; CHECK:       %a = call i32 @remote.ccprof.site.[[RD]](i32 %x, ptr %s, ptr %ccprof.node, i64 0)
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  %n = call i64 @strlen(ptr %s)
; CHECK-NEXT:  %p = call i32 (ptr, ...) @printf(ptr %s)
; CHECK-NEXT:  %b = call i32 @remote.ccprof.site.[[RD]](i32 %a, ptr %s, ptr %ccprof.node, i64 1)
; CHECK:       call void @fail(i32 %b)
; CHECK-NOT:   define {{.*}}@strlen.ccprof.site
; CHECK-NOT:   define {{.*}}@printf.ccprof.site
; CHECK-NOT:   define {{.*}}@fail.ccprof.site
; CHECK-NOT:   define {{.*}}@main.ccprof
; CHECK: attributes [[NOINLINE]] = { noinline }

; ENTRY-NOT: ccprof.site

!llvm.module.flags = !{!0, !1}
!0 = !{i32 7, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
