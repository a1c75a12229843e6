; CCPROF_SCC("parse") { ... } (runtime/ccprof.h) reaches the pass as a
; call of the marker __ccprof_scc_begin("parse") tested against 0; the
; scope is the branch taken on 0.  Inside it the label's cost centre
; takes the place of the function's: counted and set on entry, set again
; after calls; the edges out of the scope (here its end and an early
; exit, as break or goto make) set the function's again.  The marker is
; removed, and the label's counters are shared (linkonce_odr, hidden,
; COMDAT), named after the label.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK-DAG: @__ccprof_scc.parse = linkonce_odr hidden global [4 x i64] zeroinitializer, comdat, align 8
; CHECK-DAG: @__ccprof_cnt.f = private global [4 x i64] zeroinitializer
; The label is a cost centre of the table: symbol "parse", no file or
; line, flags 5: CCPROF_CC_SHARED and kind scc (bits 1-2).
; CHECK-DAG: @[[LABEL:__ccprof_str[.0-9]*]] = private unnamed_addr constant [6 x i8] c"parse\00"
; CHECK-DAG: @__ccprof_ccs = private constant [2 x { ptr, ptr, ptr, i32, i32, ptr }] [{{.*}}{ ptr @__ccprof_scc.parse, ptr @[[LABEL]], ptr @{{.*}}, i32 0, i32 5, ptr null }]
; CHECK-NOT: __ccprof_scc_begin

@.str = private unnamed_addr constant [6 x i8] c"parse\00"

define internal i32 @__ccprof_scc_begin(ptr %label) alwaysinline {
  ret i32 0
}

declare void @g()

define void @f(i1 %early) {
; CHECK-LABEL: define void @f(
; CHECK:         store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK:         %t = icmp ne i32 0, 0
; CHECK-NEXT:    br i1 %t, label %then, label %scope
; Into the scope: count it (slot 1), charge it; after calls inside it,
; charge it again.
; CHECK:       scope:
; CHECK:         {{getelementptr inbounds .*}}[2 x i64], ptr {{%.*|@__ccprof_tcalls}}, i64 0, i64 1
; CHECK:         add i64 {{%.*}}, 1
; CHECK:         store volatile ptr @__ccprof_scc.parse, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    call void @g()
; CHECK:         store volatile ptr @__ccprof_scc.parse, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    br i1 %early, label %[[OUT1:.*]], label %more
; The early way out and the way out of the scope's end charge f again.
; CHECK:       [[OUT1]]:
; CHECK:         store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    br label %after
; CHECK:       more:
; CHECK-NEXT:    call void @g()
; CHECK:         store volatile ptr @__ccprof_scc.parse, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    br label %[[OUT2:.*]]
; CHECK:       [[OUT2]]:
; CHECK:         store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:    br label %after
; CHECK:       after:
; CHECK-NEXT:    call void @g()
; CHECK:         store volatile ptr @__ccprof_cnt.f, ptr {{%.*|@__ccprof_current}}
entry:
  %m = call i32 @__ccprof_scc_begin(ptr @.str)
  %t = icmp ne i32 %m, 0
  br i1 %t, label %then, label %scope
then:
  br label %after
scope:
  call void @g()
  br i1 %early, label %after, label %more
more:
  call void @g()
  br label %after
after:
  call void @g()
  call void @g()
  ret void
}
