; system=caller recognises a system header by its path with "." and ".."
; resolved: clang 14 names libstdc++'s headers as its driver found them,
; /usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/..., which
; is /usr/include (libstdc++'s __gthread_active_p was a cost centre with
; clang 14 only).  A path that only passes through a system directory is
; not one.
; RUN: %opt -passes=ccprof -ccprof-leaf-size=0 -S < %s | FileCheck %s

; CHECK-NOT:   @__ccprof_cnt.gthread_active
; CHECK:       @__ccprof_cnt.app_function
; CHECK-NOT:   @__ccprof_cnt.gthread_active
; CHECK-LABEL: define i32 @gthread_active(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  %v = load i32, ptr @flag
; CHECK-NEXT:  ret i32 %v
@flag = global i32 0

define i32 @gthread_active() !dbg !10 {
entry:
  %v = load i32, ptr @flag
  ret i32 %v
}

; /usr/include/../src/app.c is /usr/src/app.c: profiled.
; CHECK-LABEL: define i32 @app_function(
; CHECK:       __ccprof_cnt.app_function
define i32 @app_function() !dbg !11 {
entry:
  %v = load i32, ptr @flag
  ret i32 %v
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!4 = !DIFile(filename: "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12/bits/gthr-default.h", directory: "/src")
!5 = !DIFile(filename: "../src/./app.c", directory: "/usr/include")
!10 = distinct !DISubprogram(name: "gthread_active", scope: !4, file: !4, line: 2, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!11 = distinct !DISubprogram(name: "app_function", scope: !5, file: !5, line: 2, type: !3, unit: !0, spFlags: DISPFlagDefinition)
