; On entry a profiled function counts the call (load, add 1, store into
; its own counters) and points `current` at its counters with a volatile
; store.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK: @__ccprof_current = external thread_local(initialexec) global ptr
; CHECK: @__ccprof_cnt.f = private global [4 x i64] zeroinitializer, align 8

define i32 @f(i32 %x) {
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: entry:
; CHECK:        [[N:%.*]] = load i64, ptr @__ccprof_cnt.f
; CHECK-NEXT:   [[N1:%.*]] = add i64 [[N]], 1
; CHECK-NEXT:   store i64 [[N1]], ptr @__ccprof_cnt.f
; CHECK:        store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:   %y = add i32 %x, 1
entry:
  %y = add i32 %x, 1
  ret i32 %y
}
