; mode=context: a tiny leaf (no loop, at most leaf-size instructions, and
; no call but of intrinsics) still counts its calls per context: at its
; entry in its node, or, called directly in its unit, in a word before
; the caller's node, which the caller's descriptor says is the leaf's
; (kid_counts; the leaf's body gets no node).  It never points `current`
; at a node, and its callers set nothing after calling it, so its time is
; its caller's context's, as in flat mode.  A function that calls a tiny
; leaf, or a function that does not return, is no leaf in context mode:
; what it calls must start from its node.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-transitions=entry -S < %s | FileCheck %s --check-prefix=ENTRY
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s | FileCheck %s --check-prefix=OFF

; The callers' descriptors list the leaf; the leaf's lists nothing.
; CHECK:       @__ccprof_ccs = private constant [4 x { ptr, ptr, ptr, i32, i32, ptr }]
; CHECK-SAME:  { ptr @__ccprof_cnt.kind, {{[^}]*}}, ptr null }
; CHECK-SAME:  { ptr @__ccprof_cnt.valid, {{[^}]*}}, i32 0, ptr @[[VALID:__ccprof_kid_counts[.0-9]*]] }
; CHECK-SAME:  { ptr @__ccprof_cnt.user, {{[^}]*}}, i32 65536, ptr @[[USER:__ccprof_kid_counts[.0-9]*]] }
; CHECK-DAG:   @[[VALID]] = private constant [2 x ptr] [ptr @__ccprof_cnt.kind, ptr null]
; CHECK-DAG:   @[[USER]] = private constant [2 x ptr] [ptr @__ccprof_cnt.kind, ptr null]

declare i32 @ext(i32)
declare void @die() noreturn

; ENTRY-LABEL: define i32 @kind(
; ENTRY:       %ccprof.from = load volatile ptr
; ENTRY:       %ccprof.node = phi ptr
; ENTRY-NEXT:  [[C:%.*]] = load i64, ptr %ccprof.node, align 8
; ENTRY-NEXT:  [[C1:%.*]] = add i64 [[C]], 1
; ENTRY-NEXT:  store i64 [[C1]], ptr %ccprof.node, align 8
; ENTRY-NOT:   store volatile
; ENTRY:       ret i32
define i32 @kind(ptr %p) {
entry:
  %k = load i32, ptr %p
  %m = and i32 %k, 15
  ret i32 %m
}

; ENTRY-LABEL: define i32 @valid(
; ENTRY:       store volatile ptr %ccprof.node
; ENTRY:       %k = call i32 @kind(
define i32 @valid(ptr %p) {
entry:
  %k = call i32 @kind(ptr %p)
  %c = icmp ne i32 %k, 0
  %z = zext i1 %c to i32
  ret i32 %z
}

; ENTRY-LABEL: define i32 @checked(
; ENTRY:       store volatile ptr %ccprof.node
; ENTRY:       call void @die()
define i32 @checked(i32 %x) {
entry:
  %c = icmp slt i32 %x, 0
  br i1 %c, label %bad, label %ok
bad:
  call void @die()
  unreachable
ok:
  ret i32 %x
}

; No reset after the leaf; one after @ext.
; ENTRY-LABEL: define i32 @user(
; ENTRY:       store volatile ptr %ccprof.node
; ENTRY:       %a = call i32 @kind(ptr %p)
; ENTRY-NEXT:  %b = call i32 @ext(i32 %a)
; ENTRY:       store volatile ptr %ccprof.node
; ENTRY-NEXT:  %c = add i32 %a, %b
define i32 @user(ptr %p) {
entry:
  %a = call i32 @kind(ptr %p)
  %b = call i32 @ext(i32 %a)
  %c = add i32 %a, %b
  ret i32 %c
}

; Transitions at the call site: the leaf's body stores nothing; the
; caller counts in the word before its node and calls the body with no
; node, no reset.
; CHECK-LABEL: define internal i32 @kind.ccprof(
; CHECK-NOT:   store volatile
; CHECK:       ret i32
; CHECK-LABEL: define internal i32 @valid.ccprof(
; CHECK:       store volatile ptr %ccprof.node
; CHECK:       call i32 @kind.ccprof(
; CHECK-LABEL: define internal i32 @checked.ccprof(
; CHECK:       store volatile ptr %ccprof.node
; CHECK:       call void @die()
; CHECK-LABEL: define internal i32 @user.ccprof(
; CHECK:       %ccprof.kid.count = getelementptr inbounds i8, ptr %ccprof.node, i64 -16
; CHECK-NEXT:  [[D:%.*]] = load i64, ptr %ccprof.kid.count, align 8
; CHECK-NEXT:  [[D1:%.*]] = add i64 [[D]], 1
; CHECK-NEXT:  store i64 [[D1]], ptr %ccprof.kid.count, align 8
; CHECK-NEXT:  %a = call i32 @kind.ccprof(ptr %p, ptr null)
; CHECK-NEXT:  %b = call i32 @ext{{.*}}(i32 %a
; CHECK:       store volatile ptr %ccprof.node
; CHECK-NEXT:  %c = add i32 %a, %b

; leaf-size=0: no leaves; the body stores, the caller resets.
; OFF-LABEL:   define internal i32 @kind.ccprof(
; OFF:         store volatile ptr %ccprof.node
; OFF-LABEL:   define internal i32 @user.ccprof(
; OFF:         %a = call i32 @kind.ccprof(
; OFF-NOT:     call i32
; OFF:         store volatile ptr %ccprof.node
; OFF-NEXT:    %b = call
