; mode=context, transitions=call-site, in an executable, with debug
; information: a site entry gets a subprogram of its own (the function's
; name, the site entry's linkage name, artificial) and its call of the
; body a line in it, so that the inliner may copy the body into the site
; entry (as GCC does: one jump less per call from another unit) and the
; copy keeps the body's lines, inlined at the site entry's: a breakpoint
; on a line of callee stops there too, and the module stays valid.
; Without debug information the call is inlinable as well.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s
; RUN: %opt -passes='ccprof,cgscc(inline),verify' -ccprof-mode=context -S < %s | FileCheck %s --check-prefix=INLINED
; RUN: %opt -passes='ccprof,strip,cgscc(inline),verify' -ccprof-mode=context -S < %s | FileCheck %s --check-prefix=NODEBUG

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @callee(i32 %x) !dbg !5 {
entry:
  %y = mul i32 %x, 3, !dbg !9
  ret i32 %y, !dbg !10
}

; CHECK:       define hidden i32 @callee.ccprof.site.{{[0-9a-f]+}}(i32 %0, ptr %ccprof.from, i64 %ccprof.slot){{.*}} !dbg [[SITE:![0-9]+]]
; CHECK:       tail call i32 @callee.ccprof(i32 %0, ptr {{%.*}}), !dbg [[CALL:![0-9]+]]
; CHECK-NEXT:  ret i32
; CHECK:       [[SITE]] = distinct !DISubprogram(name: "callee", linkageName: "callee.ccprof.site.{{[0-9a-f]+}}", scope: [[FILE:![0-9]+]], file: [[FILE]], line: 1, {{.*}}flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit:
; CHECK:       [[CALL]] = !DILocation(line: 1, scope: [[SITE]])

; The body's multiply, copied into the site entry, keeps line 2, inlined
; at the site entry's line.
; INLINED-LABEL: define hidden i32 @callee.ccprof.site.{{[0-9a-f]+}}(
; INLINED-NOT:   call i32 @callee.ccprof(
; INLINED:       mul i32 %0, 3, !dbg [[MUL:![0-9]+]]
; INLINED:       [[MUL]] = !DILocation(line: 2, column: 3, scope: {{![0-9]+}}, inlinedAt: [[AT:![0-9]+]])
; INLINED:       [[AT]] = distinct !DILocation(line: 1, scope: {{![0-9]+}})

; NODEBUG-LABEL: define hidden i32 @callee.ccprof.site.{{[0-9a-f]+}}(
; NODEBUG-NOT:   call i32 @callee.ccprof(
; NODEBUG:       mul i32 %0, 3

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "callee.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 2, column: 3, scope: !5)
!10 = !DILocation(line: 3, column: 3, scope: !5)
