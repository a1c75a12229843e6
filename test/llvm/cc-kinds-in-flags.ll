; Each cost centre's kind is in bits 1-2 of its table entry's flags
; (runtime/ccprof_abi.def: CC_KIND_SHIFT 1; function 0, anonymous 1,
; scc 2, module 3; bit 0 is CC_SHARED): a plain function is a function
; (0); a lambda's operator(), in clang's local ($_0) and Itanium (Ul...E,
; a linkonce_odr, so also shared) manglings, is anonymous (2, 3); a
; CCPROF_CC label is scc (4, shared: 5); under policy=file the unit's one
; cost centre is module (6, shared: 7).
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-policy=file -S < %s | FileCheck %s --check-prefix=FILE

; CHECK: @__ccprof_ccs = private constant [4 x { ptr, ptr, ptr, i32, i32, ptr }]
; CHECK-SAME: { ptr @__ccprof_cnt.plain, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 0, ptr null }
; CHECK-SAME: { ptr @"__ccprof_cnt._ZZ4mainENK3$_0clEv", ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 2, ptr null }
; CHECK-SAME: { ptr @__ccprof_cnt._ZZ4mainENKUlvE_clEv, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 3, ptr null }
; CHECK-SAME: { ptr @__ccprof_scc.label, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 5, ptr null }

; FILE: @__ccprof_ccs = private constant [2 x { ptr, ptr, ptr, i32, i32, ptr }]
; FILE-SAME: { ptr @__ccprof_scc.{{[^,]*}}, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 7, ptr null }
; FILE-SAME: { ptr @__ccprof_scc.label, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 5, ptr null }

@.cc = private unnamed_addr constant [16 x i8] c"ccprof.cc=label\00", section "llvm.metadata"
@.file = private unnamed_addr constant [4 x i8] c"t.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @labelled, ptr @.cc, ptr @.file, i32 1, ptr null }
], section "llvm.metadata"

define void @plain() {
  ret void
}

define internal void @"_ZZ4mainENK3$_0clEv"(ptr %this) {
  ret void
}

define linkonce_odr void @_ZZ4mainENKUlvE_clEv(ptr %this) {
  ret void
}

define void @labelled() {
  ret void
}
