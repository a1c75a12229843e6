; -ccprof-counters=atomic increments the shared call count with an atomic
; read-modify-write; counters=plain uses load/add/store on the shared
; record; neither has a thread-local array, and both register with
; __ccprof_register.
; RUN: %opt -passes=ccprof -ccprof-counters=atomic -S < %s | FileCheck %s --check-prefix=ATOMIC
; RUN: %opt -passes=ccprof -ccprof-counters=plain -S < %s | FileCheck %s --check-prefix=PLAIN
; ATOMIC-NOT: __ccprof_tcalls
; PLAIN-NOT: __ccprof_tcalls

; ATOMIC-LABEL: define void @f(
; ATOMIC: atomicrmw add ptr @__ccprof_cnt.f, i64 1 monotonic
; PLAIN-LABEL: define void @f(
; PLAIN-NOT: atomicrmw
; PLAIN: load i64, ptr @__ccprof_cnt.f
define void @f() {
  ret void
}
; ATOMIC: call void @__ccprof_register(ptr @__ccprof_module)
; PLAIN: call void @__ccprof_register(ptr @__ccprof_module)
