; clang names the closure type of a namespace-scope lambda ns::$_0,
; which says nothing of the variable it initialises; GCC names it
; ns::cmp::{lambda(int)#1}.  With debug info the pass finds the variable
; (the DIGlobalVariable whose type is the operator()'s scope) and writes
; the symbol in the unit's table with the source name $_0 made
; cmp::$_0 (one substitution candidate, as before), so the reporter
; names it ns::cmp.anon@2 as GCC's.  A function-local closure of the same
; number (clang 22: main::$_0) is left alone, and so is a template that
; takes the closure type, with its variable named there too.  The
; counters keep the linkage names.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s
; CHECK-DAG: c"_ZNK2ns8cmp::$_0clEi\00"
; CHECK-DAG: c"_ZZ4mainENK3$_0clEi\00"
; CHECK-DAG: c"_Z4callIN2ns8cmp::$_0EEiT_\00"
; CHECK-DAG: @"__ccprof_cnt._ZNK2ns3$_0clEi" =
source_filename = "t.cpp"

%class.anon = type { i8 }

@_ZN2ns3cmpE = internal global %class.anon undef, align 1, !dbg !0

define i32 @main() !dbg !16 {
  %l = alloca %class.anon, align 1
  %a = call i32 @"_ZNK2ns3$_0clEi"(ptr @_ZN2ns3cmpE, i32 1), !dbg !23
  %b = call i32 @"_ZZ4mainENK3$_0clEi"(ptr %l, i32 0), !dbg !23
  %c = call i32 @"_Z4callIN2ns3$_0EEiT_"(ptr @_ZN2ns3cmpE), !dbg !23
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t, !dbg !23
}

define internal i32 @"_ZNK2ns3$_0clEi"(ptr %this, i32 %a) align 2 !dbg !27 {
  %r = add i32 %a, 1
  ret i32 %r, !dbg !28
}

define internal i32 @"_ZZ4mainENK3$_0clEi"(ptr %this, i32 %a) align 2 !dbg !41 {
  ret i32 %a, !dbg !42
}

define internal i32 @"_Z4callIN2ns3$_0EEiT_"(ptr %f) !dbg !43 {
  ret i32 0, !dbg !44
}

!llvm.dbg.cu = !{!6}
!llvm.module.flags = !{!8, !9}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "cmp", linkageName: "_ZN2ns3cmpE", scope: !2, file: !3, line: 2, type: !4, isLocal: true, isDefinition: true)
!2 = !DINamespace(name: "ns", scope: null)
!3 = !DIFile(filename: "t.cpp", directory: "/tmp")
!4 = distinct !DICompositeType(tag: DW_TAG_class_type, scope: !2, file: !3, line: 2, size: 8, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !5)
!5 = !{}
!6 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !7, splitDebugInlining: false, nameTableKind: None)
!7 = !{!0}
!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!16 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 4, type: !17, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !6)
!17 = !DISubroutineType(types: !5)
!21 = distinct !DICompositeType(tag: DW_TAG_class_type, scope: !16, file: !3, line: 6, size: 8, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !5)
!23 = !DILocation(line: 7, column: 9, scope: !16)
!27 = distinct !DISubprogram(name: "operator()", linkageName: "_ZNK2ns3$_0clEi", scope: !4, file: !3, line: 2, type: !17, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !6)
!28 = !DILocation(line: 2, column: 24, scope: !27)
!41 = distinct !DISubprogram(name: "operator()", linkageName: "_ZZ4mainENK3$_0clEi", scope: !21, file: !3, line: 6, type: !17, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !6)
!42 = !DILocation(line: 6, column: 23, scope: !41)
!43 = distinct !DISubprogram(name: "call", linkageName: "_Z4callIN2ns3$_0EEiT_", scope: !3, file: !3, line: 3, type: !17, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !6)
!44 = !DILocation(line: 3, column: 1, scope: !43)
