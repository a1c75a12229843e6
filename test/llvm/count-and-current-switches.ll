; count=off and current=off turn off one half of the instrumentation each,
; for measuring overhead the way Appel's section 5 table does.
; RUN: %opt -passes=ccprof -ccprof-count=off -S < %s | FileCheck %s --check-prefix=NOCOUNT
; RUN: %opt -passes=ccprof -ccprof-current=off -S < %s | FileCheck %s --check-prefix=NOCURRENT
; RUN: not %opt -passes=ccprof -ccprof-count=maybe -S < %s 2>&1 | FileCheck %s --check-prefix=BAD
; NOCOUNT: c"counters=thread count=off\00"
; NOCOUNT-LABEL: define void @f(
; NOCOUNT-NOT: load i64
; NOCOUNT: store volatile ptr @__ccprof_cnt.f
; NOCURRENT: c"counters=thread current=off\00"
; NOCURRENT-LABEL: define void @f(
; NOCURRENT: add i64 {{%.*}}, 1
; NOCURRENT-NOT: store volatile
; NOCURRENT: ret void
; BAD: bad value 'maybe' for option -ccprof-count (expected on or off)
declare void @g()
define void @f() {
  call void @g()
  ret void
}
