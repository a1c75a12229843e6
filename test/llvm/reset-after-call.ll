; After a call that is not in tail position `current` is set back to the
; caller's counters (the callee pointed it at its own); an invoke gets the
; reset at the start of its normal destination.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

declare i32 @g(i32)
declare i32 @__gxx_personality_v0(...)

define i32 @f(i32 %x) {
; CHECK-LABEL: define i32 @f(
; CHECK:      %a = call i32 @g(i32 %x)
; CHECK-NOT:  {{call i32|%b =}}
; CHECK:      store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT: %b = add i32 %a, 1
entry:
  %a = call i32 @g(i32 %x)
  %b = add i32 %a, 1
  ret i32 %b
}

define i32 @h(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define i32 @h(
; CHECK:      invoke i32 @g(i32 %x)
; CHECK-NEXT:   to label %cont unwind label %lpad
; CHECK:      cont:
; CHECK-NOT:  {{^[a-z]}}
; CHECK:      store volatile ptr @__ccprof_cnt.h, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT: %b = add i32 %a, 1
entry:
  %a = invoke i32 @g(i32 %x) to label %cont unwind label %lpad
cont:
  %b = add i32 %a, 1
  ret i32 %b
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  ret i32 0
}
