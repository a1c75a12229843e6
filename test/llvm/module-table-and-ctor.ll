; Each module gets a table of its cost centres (counters, symbol, file,
; line, flags, kid counts) and a module record (ABI version 8, count, table, compiler,
; options, source), registered from a constructor (with the address of the
; thread-local call counts, counters=thread) and unregistered from a
; destructor.  Line and file come from debug info when present.  Names are
; linkage names without LLVM's \01 asm-label marker.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK-DAG: c"isPrime.test\00"
; CHECK-DAG: c"prog.c\00"
; CHECK: @__ccprof_ccs = private constant [2 x { ptr, ptr, ptr, i32, i32, ptr }]
; CHECK-SAME: { ptr @__ccprof_cnt.withdebug, ptr @{{.*}}, ptr @{{.*}}, i32 7, i32 0, ptr null }
; CHECK-SAME: { ptr @__ccprof_cnt.isPrime.test, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 0, ptr null }
; CHECK: c"counters=thread\00"
; CHECK: @__ccprof_module = private constant { i32, i32, ptr, ptr, ptr, ptr } { i32 8, i32 2, ptr @__ccprof_ccs,
; CHECK: @llvm.global_ctors = appending global {{.*}} @__ccprof_module_ctor
; CHECK: @llvm.global_dtors = appending global {{.*}} { i32 101, {{.*}}@__ccprof_module_dtor
; CHECK: define internal void @__ccprof_module_ctor()
; CHECK-NOT: define
; CHECK: call void @__ccprof_register_thread(ptr @__ccprof_module, ptr {{%.*|@__ccprof_tcalls}})
; CHECK: define internal void @__ccprof_module_dtor()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__ccprof_unregister(ptr @__ccprof_module)
source_filename = "prog.c"

define void @withdebug() !dbg !4 {
  ret void
}

define void @"\01isPrime.test"() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "prog.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "withdebug", scope: !1, file: !1, line: 7, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
