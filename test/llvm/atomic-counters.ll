; -ccprof-counters=atomic increments the call count with an atomic
; read-modify-write; the default (plain) uses load/add/store.
; RUN: %opt -passes=ccprof -ccprof-counters=atomic -S < %s | FileCheck %s --check-prefix=ATOMIC
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=PLAIN

; ATOMIC-LABEL: define void @f(
; ATOMIC: atomicrmw add ptr @__ccprof_cnt.f, i64 1 monotonic
; PLAIN-LABEL: define void @f(
; PLAIN-NOT: atomicrmw
; PLAIN: load i64, ptr @__ccprof_cnt.f
define void @f() {
  ret void
}
