; mode=context, transitions=call-site (the default): a function of the
; unit called directly (leaf) is split into its entry, which everyone
; else calls (other units, pointers), making the usual transition and
; passing its node to the body leaf.ccprof, and the body, which takes its
; node as a last argument and only points `current` at it.  A direct
; call from a profiled function (caller) loads the callee's node from the
; caller's kid slot for that call site, at node + 32 + 8 * slot; when
; the slot is empty the slow path __ccprof_ctx_kid(node, &__ccprof_ccs[j],
; &__ccprof_tctx[j], slot) makes and stores it.  The caller counts the call
; in that node and calls the body with it.  The caller's descriptor says
; how many kid slots its nodes have (flags >> 16).  Not split: a weak
; function (another definition may be linked), a variadic one; the call
; through a pointer is left to the callee's entry.  The module is a
; shared object's (PIC, not PIE): no site entries for other units
; (context-site-entry.ll).
; leaf-size=0: the functions here are tiny leaves, which store no node
; (context-tiny-leaf-counts-without-current.ll).
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -ccprof-transitions=entry -S < %s | FileCheck %s --check-prefix=ENTRY

; caller: two kid slots, 2 << 16
; CHECK: @__ccprof_ccs = private constant [5 x { ptr, ptr, ptr, i32, i32, ptr }] [{ {{.*}} } { ptr @__ccprof_cnt.leaf, {{.*}}, i32 0, i32 0, ptr null }, { {{.*}} } { ptr @__ccprof_cnt.caller, {{.*}}, i32 0, i32 131072, ptr null }, { {{.*}} } { ptr @__ccprof_cnt.weak_leaf, {{.*}}, i32 0, i32 1, ptr null }, { {{.*}} } { ptr @__ccprof_cnt.variadic, {{.*}}, i32 0, i32 0, ptr null }, { {{.*}} } { ptr @__ccprof_cnt.not_split, {{.*}}, i32 0, i32 0, ptr null }]
; ENTRY: @__ccprof_ccs = private constant {{.*}} { ptr @__ccprof_cnt.caller, {{.*}}, i32 0, i32 0, ptr null }
; ENTRY: c"mode=context transitions=entry leaf-size=0\00"

; CHECK-LABEL: define i32 @leaf(
; CHECK:       %ccprof.node = phi ptr
; CHECK-NEXT:  [[C:%.*]] = load i64, ptr %ccprof.node, align 8
; CHECK-NEXT:  [[C1:%.*]] = add i64 [[C]], 1
; CHECK-NEXT:  store i64 [[C1]], ptr %ccprof.node, align 8
; CHECK-NEXT:  [[R:%.*]] = tail call i32 @leaf.ccprof(i32 %0, ptr %ccprof.node) [[NOINLINE:#[0-9]+]]
; CHECK-NEXT:  ret i32 [[R]]
; ENTRY-LABEL: define i32 @leaf(
; ENTRY-NOT:   @leaf.ccprof
; ENTRY:       store volatile ptr %ccprof.node
; ENTRY-NEXT:  %y = add i32 %x, 1
define i32 @leaf(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

; CHECK-LABEL: define i32 @caller(
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  [[K0:%ccprof.kid.*]] = getelementptr inbounds i8, ptr %ccprof.node, i64 32
; CHECK-NEXT:  [[N0:%ccprof.kid.load.*]] = load ptr, ptr [[K0]], align 8
; CHECK-NEXT:  [[Z0:%.*]] = icmp eq ptr [[N0]], null
; CHECK-NEXT:  br i1 [[Z0]], label %ccprof.kid.slow, label {{%.*}}, !prof
; CHECK:     ccprof.kid.slow:
; CHECK:       [[S0:%.*]] = call ptr @__ccprof_ctx_kid(ptr %ccprof.node, ptr {{getelementptr inbounds \(.* @__ccprof_ccs, i64 0, i64 0\)|@__ccprof_ccs}}, ptr {{.*}}, i64 0)
; CHECK:       [[E0:%.*]] = phi ptr [ [[N0]], {{.*}} ], [ [[S0]], %ccprof.kid.slow ]
; CHECK-NEXT:  [[D:%.*]] = load i64, ptr [[E0]], align 8
; CHECK-NEXT:  [[D1:%.*]] = add i64 [[D]], 1
; CHECK-NEXT:  store i64 [[D1]], ptr [[E0]], align 8
; CHECK-NEXT:  %a = call i32 @leaf.ccprof(i32 %x, ptr [[E0]])
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  %b = call i32 %fp(i32 %a)
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  [[K1:%ccprof.kid.*]] = getelementptr inbounds i8, ptr %ccprof.node, i64 40
; CHECK:       call ptr @__ccprof_ctx_kid(ptr %ccprof.node, {{.*}}, i64 1)
; CHECK:       %c = call i32 @leaf.ccprof(i32 %b, ptr
; CHECK-NEXT:  ret i32 %c
; ENTRY-LABEL: define i32 @caller(
; ENTRY-NOT:   ccprof.kid
; ENTRY:       %a = call i32 @leaf(i32 %x)
define i32 @caller(i32 %x, ptr %fp) {
entry:
  %a = call i32 @leaf(i32 %x)
  %b = call i32 %fp(i32 %a)
  %c = call i32 @leaf(i32 %b)
  ret i32 %c
}

define weak i32 @weak_leaf(i32 %x) {
entry:
  ret i32 %x
}

define i32 @variadic(i32 %x, ...) {
entry:
  ret i32 %x
}

; CHECK-LABEL: define i32 @not_split(
; CHECK-NOT:   ccprof.kid
; CHECK:       %a = call i32 @weak_leaf(i32 %x)
; CHECK:       %b = call i32 (i32, ...) @variadic(i32 %a, i32 1)
define i32 @not_split(i32 %x) {
entry:
  %a = call i32 @weak_leaf(i32 %x)
  %b = call i32 (i32, ...) @variadic(i32 %a, i32 1)
  ret i32 %b
}

; CHECK-LABEL: define internal i32 @leaf.ccprof(i32 %x, ptr %ccprof.node)
; CHECK-NEXT:  entry:
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  %y = add i32 %x, 1
; CHECK-NOT:   define {{.*}}@weak_leaf.ccprof
; CHECK-NOT:   define {{.*}}@variadic.ccprof
; CHECK-NOT: .ccprof.site
; CHECK: declare ptr @__ccprof_ctx_kid(ptr, ptr, ptr, i64)
; CHECK: attributes [[NOINLINE]] = { noinline }

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"PIC Level", i32 2}
