; The names of bodies clang makes, as the GCC plugin gives them too: a
; block of outer (__outer_block_invoke) is "outer.anon@LINE"; an OpenMP
; region's body is "outer.omp@LINE", LINE that of the function the outer
; function hands to the runtime (the directive's), whether that is the
; body itself (without -g) or a wrapper that only calls the
; ._debug__ body (-g).  The wrapper, the block's copy and dispose helpers
; and the reduction function get no cost centre.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s
; CHECK-DAG: c"outer.anon@4\00"
; CHECK-DAG: c"main.omp@7\00"
; CHECK-DAG: @__ccprof_cnt..omp_outlined._debug__ =
; CHECK-DAG: @__ccprof_cnt.__outer_block_invoke =
; CHECK-NOT: @__ccprof_cnt..omp_outlined. =
; CHECK-NOT: @__ccprof_cnt.__copy_helper_block
; CHECK-NOT: @__ccprof_cnt..omp.reduction
source_filename = "t.c"

declare void @g()
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

define void @outer() !dbg !10 {
  call void @__outer_block_invoke(ptr null), !dbg !20
  ret void
}

define internal void @__outer_block_invoke(ptr %b) !dbg !11 {
  call void @g(), !dbg !21
  ret void
}

define internal void @__copy_helper_block_8_32r(ptr %a, ptr %b) {
  call void @g()
  ret void
}

define i32 @main() !dbg !12 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @.omp_outlined.), !dbg !22
  ret i32 0
}

define internal void @.omp_outlined.(ptr %a, ptr %b) !dbg !13 {
  call void @.omp_outlined._debug__(ptr %a, ptr %b), !dbg !23
  ret void
}

define internal void @.omp_outlined._debug__(ptr %a, ptr %b) !dbg !14 {
  call void @g(), !dbg !24
  ret void
}

define internal void @.omp.reduction.reduction_func(ptr %a, ptr %b) {
  call void @g()
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "outer", scope: !1, file: !1, line: 2, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!11 = distinct !DISubprogram(name: "__outer_block_invoke", scope: !1, file: !1, line: 4, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!12 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 5, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!13 = distinct !DISubprogram(name: ".omp_outlined.", scope: !1, file: !1, line: 7, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!14 = distinct !DISubprogram(name: ".omp_outlined._debug__", scope: !1, file: !1, line: 8, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!20 = !DILocation(line: 3, scope: !10)
!21 = !DILocation(line: 4, scope: !11)
!22 = !DILocation(line: 7, scope: !12)
!23 = !DILocation(line: 7, scope: !13)
!24 = !DILocation(line: 8, scope: !14)
