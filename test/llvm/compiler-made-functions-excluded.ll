; Functions clang makes with no counterpart in the source (static
; initialisers, the terminate helper) get no cost centre; like excluded
; functions they restore `current` after their calls.  Functions marked
; no_profile_instrument_function (IR: noprofile) are excluded too.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s
; CHECK-NOT: @__ccprof_cnt.__cxx_global_var_init =
; CHECK-NOT: @__ccprof_cnt._GLOBAL__sub_I_a.cpp =
; CHECK-NOT: @__ccprof_cnt.quiet =
; CHECK: @__ccprof_cnt._ZN1SC2Ev =
; CHECK-LABEL: define internal void @__cxx_global_var_init(
; CHECK: load volatile ptr
; CHECK: call void @_ZN1SC2Ev(
; CHECK: store volatile ptr %ccprof.saved
define linkonce_odr void @_ZN1SC2Ev() {
  ret void
}
define internal void @__cxx_global_var_init() {
  call void @_ZN1SC2Ev()
  call void @_ZN1SC2Ev()
  ret void
}
define internal void @_GLOBAL__sub_I_a.cpp() {
  call void @__cxx_global_var_init()
  ret void
}
define void @quiet() noprofile {
  ret void
}
