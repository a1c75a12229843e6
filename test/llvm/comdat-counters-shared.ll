; A function the linker may merge (C++ inline, template: linkonce_odr in a
; COMDAT) gets counters the linker merges too: linkonce_odr, hidden, in a
; COMDAT of their own, flagged CCPROF_CC_SHARED (1) in the table.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK: $__ccprof_cnt._Z6inlinev = comdat any
; CHECK: @__ccprof_cnt._Z6inlinev = linkonce_odr hidden global [4 x i64] zeroinitializer, comdat, align 8
; CHECK: { ptr @__ccprof_cnt._Z6inlinev, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 1, ptr null }
$_Z6inlinev = comdat any
define linkonce_odr void @_Z6inlinev() comdat {
  ret void
}
