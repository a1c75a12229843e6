; mode=context: on entry a function reads `current` (its caller's
; context), picks its memo entry for that context (8 per cost centre,
; chosen by bits 6-8 of `current`), compares its `from` with `current`
; and takes the memoised node, or calls the slow path
; __ccprof_ctx_enter(current, &__ccprof_ccs[i], &entry); it counts the
; call in the node and points `current` at it.  The memo table is
; thread-local initialised data (every field 1: never a value of
; `current`); the unit has no __ccprof_tcalls and registers plainly.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s

; CHECK: @__ccprof_tctx = internal thread_local(localexec) global [16 x { ptr, ptr }] [{ ptr, ptr } { ptr inttoptr (i64 1 to ptr), ptr inttoptr (i64 1 to ptr) }, {{.*}}], align 16
; CHECK-NOT: __ccprof_tcalls
; CHECK-NOT: __ccprof_tcc
; CHECK: @__ccprof_ccs = private constant [2 x
; CHECK: c"mode=context\00"

define void @first() {
  ret void
}

; CHECK-LABEL: define void @second(
; CHECK:       %ccprof.from = load volatile ptr, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  [[I:%.*]] = ptrtoint ptr %ccprof.from to i64
; CHECK-NEXT:  [[S:%.*]] = lshr i64 [[I]], 6
; CHECK-NEXT:  %ccprof.way = and i64 [[S]], 7
; CHECK-NEXT:  %ccprof.memo.index = add i64 8, %ccprof.way
; CHECK:       [[M:%.*]] = getelementptr inbounds [16 x { ptr, ptr }], ptr {{%.*|@__ccprof_tctx}}, i64 0, i64 %ccprof.memo.index
; CHECK:       %ccprof.memo.from = load ptr, ptr
; CHECK:       %ccprof.memo.to = load ptr, ptr
; CHECK-NEXT:  %ccprof.hit = icmp eq ptr %ccprof.memo.from, %ccprof.from
; CHECK:       br i1 {{%.*}}, label %ccprof.slow, label %ccprof.entered, !prof [[UNLIKELY:![0-9]+]]
; CHECK:     ccprof.slow:
; CHECK-NEXT:  %ccprof.slow.node = call ptr @__ccprof_ctx_enter(ptr %ccprof.from, ptr getelementptr inbounds ({{.*}} @__ccprof_ccs, i64 0, i64 1), ptr [[M]]) [[NOUNWIND:#[0-9]+]]
; CHECK:     ccprof.entered:
; CHECK-NEXT:  %ccprof.node = phi ptr [ %ccprof.memo.to, %{{.*}} ], [ %ccprof.slow.node, %ccprof.slow ]
; CHECK-NEXT:  [[C:%.*]] = load i64, ptr %ccprof.node, align 8
; CHECK-NEXT:  [[C1:%.*]] = add i64 [[C]], 1
; CHECK-NEXT:  store i64 [[C1]], ptr %ccprof.node, align 8
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  ret void
define void @second() {
  ret void
}

; CHECK: declare ptr @__ccprof_ctx_enter(ptr, ptr, ptr) [[NOUNWIND]]
; CHECK: call void @__ccprof_register(ptr @__ccprof_module)
; CHECK: attributes [[NOUNWIND]] = { nounwind }
; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048576}
