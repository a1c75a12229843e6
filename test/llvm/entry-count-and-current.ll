; On entry a profiled function counts the call (load, add 1, store into
; its slot of the unit's thread-local array, counters=thread by default)
; and points `current` at its shared counters with a volatile store (f
; is not taken for a tiny leaf: leaf-size=0).
; RUN: %opt -passes=ccprof -ccprof-leaf-size=0 -S < %s | FileCheck %s

; CHECK-DAG: @__ccprof_current.tls = weak thread_local(localexec) global ptr null
; CHECK-DAG: @__ccprof_cnt.f = private global [4 x i64] zeroinitializer, align 8
; CHECK-DAG: @__ccprof_tcalls = internal thread_local(localexec) global [2 x i64] zeroinitializer, align 8

define i32 @f(i32 %x) {
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: entry:
; CHECK:        [[N:%.*]] = load i64, ptr [[SLOT:.*]], align 8
; CHECK-NEXT:   [[N1:%.*]] = add i64 [[N]], 1
; CHECK-NEXT:   store i64 [[N1]], ptr [[SLOT]], align 8
; CHECK:        store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:   %y = add i32 %x, 1
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

; The second function counts in slot 1.
define void @g() {
; CHECK-LABEL: define void @g(
; CHECK:        {{getelementptr inbounds .*}}[2 x i64], ptr {{%.*|@__ccprof_tcalls}}, i64 0, i64 1
entry:
  ret void
}
