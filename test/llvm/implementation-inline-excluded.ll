; A static (internal) always_inline function whose name is reserved to
; the implementation at file scope -- C's _mm_add_epi8, C++'s
; _ZL12_mm_add_epi8... -- gets no cost centre (clang's intrinsic headers
; define their intrinsics so; GCC's are extern gnu_inline).  Not excluded:
; the same name without always_inline, an always_inline function with an
; ordinary name, an external one, and a static function in a namespace
; (_ZN..., not file scope).
; RUN: %opt -passes=ccprof -S < %s > %t.ll
; RUN: not grep -E '@__ccprof_cnt\.(_mm_add_epi8|_ZL12_mm_add_epi8Dv2_xS_) =' %t.ll
; RUN: FileCheck %s < %t.ll
; CHECK-DAG: @__ccprof_cnt._reserved_not_inline =
; CHECK-DAG: @__ccprof_cnt.mine =
; CHECK-DAG: @__ccprof_cnt._public_inline =
; CHECK-DAG: @__ccprof_cnt._ZN2nsL5_helpEv =
define internal <2 x i64> @_mm_add_epi8(<2 x i64> %a, <2 x i64> %b) alwaysinline {
  %r = add <2 x i64> %a, %b
  ret <2 x i64> %r
}
define internal <2 x i64> @_ZL12_mm_add_epi8Dv2_xS_(<2 x i64> %a, <2 x i64> %b) alwaysinline {
  %r = add <2 x i64> %a, %b
  ret <2 x i64> %r
}
define internal void @_reserved_not_inline() {
  ret void
}
define internal void @mine() alwaysinline {
  ret void
}
define void @_public_inline() alwaysinline {
  ret void
}
define internal void @_ZN2nsL5_helpEv() alwaysinline {
  ret void
}
