; The inliner weighs a callee by its instructions, ccprof's included, so a
; profiled function near the threshold would no longer be inlined where
; the plain build inlines it.  Each instrumented function therefore gets,
; at its entry, a call of llvm.sideeffect (no code) whose call-site
; attributes raise the inliner's threshold by the cost of what ccprof
; added (5 per instruction the inliner charges; here 9: the count's load,
; add and store, the entry store, 5 resets) and cost nothing themselves.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=IR
; IR-LABEL: define internal void @callee(
; IR-NEXT: entry:
; IR-NEXT: call void @llvm.sideeffect() #[[BONUS:[0-9]+]]
; IR: attributes #[[BONUS]] = { "call-inline-cost"="0" "call-threshold-bonus"="45" }
;
; So the inliner decides as it does for the plain build: at threshold 115
; neither build inlines @callee, at 120 both do (without the offset the
; instrumented one needed 165).
; RUN: %opt -passes='cgscc(inline)' -inline-threshold=115 -S < %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -passes='ccprof,cgscc(inline)' -inline-threshold=115 -S < %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -passes='cgscc(inline)' -inline-threshold=120 -S < %s | FileCheck %s --check-prefix=INLINED
; RUN: %opt -passes='ccprof,cgscc(inline)' -inline-threshold=120 -S < %s | FileCheck %s --check-prefix=INLINED
; KEPT: define void @caller1(
; KEPT-NEXT: entry:
; KEPT: call void @callee(
; INLINED: define void @caller1(
; INLINED-NOT: call void @callee(
; INLINED: define void @caller2(
; INLINED-NOT: call void @callee(

declare void @ext(i32)

define internal void @callee(i32 %x) {
entry:
  call void @ext(i32 %x)
  call void @ext(i32 1)
  call void @ext(i32 2)
  call void @ext(i32 3)
  call void @ext(i32 4)
  call void @ext(i32 5)
  ret void
}

define void @caller1(i32 %x) {
entry:
  call void @callee(i32 %x)
  ret void
}

define void @caller2(i32 %x) {
entry:
  call void @callee(i32 %x)
  ret void
}
