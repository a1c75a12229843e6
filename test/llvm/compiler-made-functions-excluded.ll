; Functions clang makes with no counterpart in the source (static
; initialisers, the terminate helper), functions marked
; no_profile_instrument_function (IR: noprofile), and the one-argument
; casts std::move/forward/addressof/as_const (which GCC folds above -O0
; and clang 15+ never calls) get no cost centre; like excluded functions
; they restore `current` after their calls.  The std::move algorithm
; (three arguments) is an ordinary cost centre with system=profile; tiny
; leaves off, so that S::S() sets `current`.
; RUN: %opt -passes=ccprof -ccprof-system=profile -ccprof-leaf-size=0 -S < %s > %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: not grep -E '@__ccprof_cnt\.(__cxx_global_var_init|_GLOBAL__sub_I_a\.cpp|quiet|_ZSt4moveIRi[A-Za-z0-9_]*) =' %t.ll
; CHECK-DAG: @__ccprof_cnt._ZN1SC2Ev =
; CHECK-DAG: @__ccprof_cnt._ZSt4moveIPiS0_ET0_T_S2_S1_ =
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
define linkonce_odr ptr @_ZSt4moveIRiEONSt16remove_referenceIT_E4typeEOS2_(ptr %x) {
  ret ptr %x
}
define linkonce_odr ptr @_ZSt4moveIPiS0_ET0_T_S2_S1_(ptr %a, ptr %b, ptr %c) {
  ret ptr %c
}
