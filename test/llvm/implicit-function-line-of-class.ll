; A function the C++ front end made implicitly (DIFlagArtificial: a
; defaulted destructor) is placed at its class, as GCC places it.  Clang
; gives an implicit member of a class template's partial specialization
; the primary template's line (here 111) while the class itself, the
; specialization, is at 334.  A member the user wrote keeps its own line.
; (std::function is profiled only with system=profile.)
; RUN: %opt -passes=ccprof -ccprof-system=profile -S < %s | FileCheck %s

; CHECK-NOT: c"prog.cpp\00"
; CHECK: @__ccprof_ccs = private constant [2 x { ptr, ptr, ptr, i32, i32, ptr }]
; CHECK-SAME: { ptr @__ccprof_cnt._ZNSt8functionIFvvEED2Ev, ptr @{{.*}}, ptr @{{[^,]*}}, i32 334, i32 0, ptr null }
; CHECK-SAME: { ptr @__ccprof_cnt._ZNSt8functionIFvvEE4swapERS1_, ptr @{{.*}}, ptr @{{[^,]*}}, i32 520, i32 0, ptr null }
source_filename = "prog.cpp"

define void @_ZNSt8functionIFvvEED2Ev(ptr %this) !dbg !10 {
  ret void
}

define void @_ZNSt8functionIFvvEE4swapERS1_(ptr %this, ptr %other) !dbg !11 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "prog.cpp", directory: "/src")
!2 = !DIFile(filename: "std_function.h", directory: "/usr/include/c++/12/bits")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "function<void ()>", file: !2, line: 334, size: 256, identifier: "_ZTSSt8functionIFvvEE")
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!10 = distinct !DISubprogram(name: "~function", linkageName: "_ZNSt8functionIFvvEED2Ev", scope: !4, file: !2, line: 111, type: !5, scopeLine: 111, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, declaration: !12)
!11 = distinct !DISubprogram(name: "swap", linkageName: "_ZNSt8functionIFvvEE4swapERS1_", scope: !4, file: !2, line: 520, type: !5, scopeLine: 520, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, declaration: !13)
!12 = !DISubprogram(name: "~function", scope: !4, type: !5, flags: DIFlagPublic | DIFlagArtificial | DIFlagPrototyped, spFlags: 0)
!13 = !DISubprogram(name: "swap", scope: !4, file: !2, line: 520, type: !5, flags: DIFlagPublic | DIFlagPrototyped, spFlags: 0)
