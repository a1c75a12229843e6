; mode=context: on entry a function reads `current` (its caller's
; context) and this thread's memo table for its cost centre (entry i of
; the thread-local __ccprof_tctx, initially libccprof's
; __ccprof_ctx_nomemo), picks the way for that context (16 bytes in,
; plus bits of `current` under the table's mask), compares the way's
; `from` with `current` and takes the memoised node, or calls the slow
; path __ccprof_ctx_enter(current, &__ccprof_ccs[i], &__ccprof_tctx[i]);
; it counts the call in the node and points `current` at it.  The unit
; has no __ccprof_tcalls and registers plainly.  (No target triple: the
; slow path is a call; x86-64's is context-slow-path-inline-asm.ll.)
; leaf-size=0: the functions here are tiny leaves, which store no node
; (context-tiny-leaf-counts-without-current.ll).
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s | FileCheck %s

; CHECK: @__ccprof_ctx_nomemo.abi8 = external constant [2 x { ptr, ptr }]
; CHECK: @__ccprof_tctx = internal thread_local(localexec) global [2 x ptr] [ptr @__ccprof_ctx_nomemo.abi8, ptr @__ccprof_ctx_nomemo.abi8], align 8
; CHECK-NOT: __ccprof_tcalls
; CHECK-NOT: __ccprof_tcc
; CHECK: @__ccprof_ccs = private constant [2 x
; CHECK: c"mode=context leaf-size=0\00"

define void @first() {
  ret void
}

; CHECK-LABEL: define void @second(
; CHECK:       %ccprof.from = load volatile ptr, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:       %ccprof.memo.table = load ptr, ptr [[SLOT:.*]], align 8
; CHECK-NEXT:  %ccprof.memo.mask = load i64, ptr %ccprof.memo.table, align 8
; CHECK-NEXT:  [[I:%.*]] = ptrtoint ptr %ccprof.from to i64
; CHECK-NEXT:  [[S:%.*]] = lshr i64 [[I]], 2
; CHECK-NEXT:  %ccprof.memo.offset = and i64 [[S]], %ccprof.memo.mask
; CHECK-NEXT:  [[O:%.*]] = add i64 %ccprof.memo.offset, 16
; CHECK-NEXT:  %ccprof.way = getelementptr inbounds i8, ptr %ccprof.memo.table, i64 [[O]]
; CHECK:       %ccprof.memo.from = load ptr, ptr
; CHECK:       %ccprof.memo.to = load ptr, ptr
; CHECK-NEXT:  %ccprof.hit = icmp eq ptr %ccprof.memo.from, %ccprof.from
; CHECK:       br i1 {{%.*}}, label %ccprof.slow, label %ccprof.entered, !prof [[UNLIKELY:![0-9]+]]
; CHECK:     ccprof.slow:
; CHECK-NEXT:  %ccprof.slow.node = call ptr @__ccprof_ctx_enter(ptr %ccprof.from, ptr getelementptr inbounds ({{.*}} @__ccprof_ccs, i64 0, i64 1), ptr [[SLOT]]) [[NOUNWIND:#[0-9]+]]
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

; CHECK: declare ptr @__ccprof_ctx_enter(ptr, ptr, ptr)
; CHECK: call void @__ccprof_register(ptr @__ccprof_module)
; CHECK: attributes [[NOUNWIND]] = { nounwind }
; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048576}
