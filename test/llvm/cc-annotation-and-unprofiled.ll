; CCPROF_CC("name") and CCPROF_UNPROFILED (runtime/ccprof.h) reach the
; pass as clang's annotate attribute.  Two functions annotated with one
; label share that label's cost centre (one table entry, its counters);
; an unprofiled function has none: it saves `current` on entry and puts
; it back after calls, and a CCPROF_SCC scope inside it is charged to the
; scope and left back to what it saved.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK-DAG: @__ccprof_scc.same = linkonce_odr hidden global [4 x i64] zeroinitializer, comdat
; CHECK-DAG: @__ccprof_scc.io_20wait = linkonce_odr hidden global [4 x i64] zeroinitializer, comdat
; CHECK-NOT: @__ccprof_cnt.a =
; CHECK-NOT: @__ccprof_cnt.b =
; CHECK-NOT: @__ccprof_cnt.u =
; One table entry per label:
; CHECK-DAG: @__ccprof_ccs = private constant [2 x

@.cc = private unnamed_addr constant [15 x i8] c"ccprof.cc=same\00", section "llvm.metadata"
@.unprof = private unnamed_addr constant [18 x i8] c"ccprof.unprofiled\00", section "llvm.metadata"
@.file = private unnamed_addr constant [4 x i8] c"t.c\00", section "llvm.metadata"
@.label = private unnamed_addr constant [8 x i8] c"io wait\00"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @a, ptr @.cc, ptr @.file, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @b, ptr @.cc, ptr @.file, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @u, ptr @.unprof, ptr @.file, i32 3, ptr null }
], section "llvm.metadata"

define internal i32 @__ccprof_scc_begin(ptr %label) alwaysinline {
  ret i32 0
}

declare void @g()

define void @a() {
; CHECK-LABEL: define void @a(
; CHECK:         store volatile ptr @__ccprof_scc.same, ptr {{%.*|@__ccprof_current}}
  call void @g()
  ret void
}

define void @b() {
; CHECK-LABEL: define void @b(
; CHECK:         store volatile ptr @__ccprof_scc.same, ptr {{%.*|@__ccprof_current}}
  call void @g()
  ret void
}

define void @u() {
; CHECK-LABEL: define void @u(
; CHECK:         [[SAVED:%.*]] = load volatile ptr, ptr {{%.*|@__ccprof_current}}
; CHECK:         call void @g()
; CHECK:         store volatile ptr [[SAVED]], ptr {{%.*|@__ccprof_current}}
; CHECK:       scope:
; CHECK:         store volatile ptr @__ccprof_scc.io_20wait, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    call void @g()
; CHECK:         store volatile ptr @__ccprof_scc.io_20wait, ptr {{%.*|@__ccprof_current}}
; CHECK:         store volatile ptr [[SAVED]], ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    br label %after
entry:
  call void @g()
  %m = call i32 @__ccprof_scc_begin(ptr @.label)
  %t = icmp ne i32 %m, 0
  br i1 %t, label %after, label %scope
scope:
  call void @g()
  br label %after
after:
  call void @g()
  ret void
}
