; system=caller: functions of the C++ standard library (by name: std::,
; __gnu_cxx::) get no cost centre; one that calls only what cannot move
; `current` is left alone; one that calls back into the program (through
; a pointer) saves `current` on entry and restores it after that call,
; even in tail position.  Either returns with `current` as it found it,
; so their callers set nothing after calling them.  system=profile
; profiles them as any function.
; RUN: %opt -passes=ccprof -ccprof-system=caller -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-system=profile -ccprof-leaf-size=0 -S < %s | FileCheck %s --check-prefix=PROFILE

; std::vector<int>::size() const, a leaf of the library.
; CHECK-NOT:   @__ccprof_cnt._ZNKSt6vectorIiSaIiEE4sizeEv
; CHECK-LABEL: define linkonce_odr i64 @_ZNKSt6vectorIiSaIiEE4sizeEv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  %n = load i64, ptr %v
; CHECK-NEXT:  ret i64 %n
; CHECK-NEXT:  }
; PROFILE: @__ccprof_cnt._ZNKSt6vectorIiSaIiEE4sizeEv
define linkonce_odr i64 @_ZNKSt6vectorIiSaIiEE4sizeEv(ptr %v) {
entry:
  %n = load i64, ptr %v
  ret i64 %n
}

; __gnu_cxx::__ops::_Iter_comp_iter<...>::operator()(a, b): calls the
; comparator through a pointer.
; CHECK-LABEL: define linkonce_odr i1 @_ZN9__gnu_cxx5__ops15_Iter_comp_iterclEPiS2_(
; CHECK:       %ccprof.saved = load volatile ptr, ptr
; CHECK:       %r = call i1 %cmp(i32 1, i32 2)
; CHECK-NOT:   {{^  %n = }}
; CHECK:       store volatile ptr %ccprof.saved, ptr
; CHECK-NEXT:  %n = xor
define linkonce_odr i1 @_ZN9__gnu_cxx5__ops15_Iter_comp_iterclEPiS2_(ptr %cmp) {
entry:
  %r = call i1 %cmp(i32 1, i32 2)
  %n = xor i1 %r, true
  ret i1 %n
}

; std::__invoke_r<bool>(cmp): the callback in tail position.
; CHECK-LABEL: define linkonce_odr i1 @_ZSt9__invoke_rIbPFbiiEJiiEET_OT0_DpOT1_(
; CHECK:       %ccprof.saved = load volatile ptr, ptr
; CHECK:       %r = call i1 %cmp(i32 1, i32 2)
; CHECK-NOT:   ret i1
; CHECK:       store volatile ptr %ccprof.saved, ptr
; CHECK-NEXT:  ret i1 %r
define linkonce_odr i1 @_ZSt9__invoke_rIbPFbiiEJiiEET_OT0_DpOT1_(ptr %cmp) {
entry:
  %r = call i1 %cmp(i32 1, i32 2)
  ret i1 %r
}

; CHECK-LABEL: define i64 @user(
; CHECK:       %s = call i64 @_ZNKSt6vectorIiSaIiEE4sizeEv(ptr %v)
; CHECK-NEXT:  %b = call i1 @_ZN9__gnu_cxx5__ops15_Iter_comp_iterclEPiS2_(ptr %c)
; CHECK-NEXT:  %z = zext
; PROFILE-LABEL: define i64 @user(
; PROFILE:       %s = call i64 @_ZNKSt6vectorIiSaIiEE4sizeEv(ptr %v)
; PROFILE-NOT:   {{^  %b = }}
; PROFILE:       store volatile ptr @__ccprof_cnt.user
; PROFILE-NEXT:  %b = call
define i64 @user(ptr %v, ptr %c) {
entry:
  %s = call i64 @_ZNKSt6vectorIiSaIiEE4sizeEv(ptr %v)
  %b = call i1 @_ZN9__gnu_cxx5__ops15_Iter_comp_iterclEPiS2_(ptr %c)
  %z = zext i1 %b to i64
  %t = add i64 %s, %z
  ret i64 %t
}
