; mode=context: a static constructor or destructor (llvm.global_ctors,
; llvm.global_dtors) starts from the root, as main does, without reading
; `current`: the loader or libc runs it, not the last profiled function
; (another library's constructor left `current` pointing at its node).
; An unprofiled one, the compiler's C++ initialiser, stores the root in
; `current` on entry, so that the constructors it calls start from there
; even when it only tail-calls them.  An ordinary function reads it.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s

@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @early, ptr null }, { i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_t.cpp, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @late, ptr null }]

declare void @work()

; CHECK-LABEL: define internal void @early(
; CHECK-NOT:   load volatile ptr, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:       call ptr @__ccprof_ctx_enter(ptr null,
; CHECK-LABEL: ret void
define internal void @early() {
  call void @work()
  ret void
}

; CHECK-LABEL: define internal void @late(
; CHECK-NOT:   load volatile ptr, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:       call ptr @__ccprof_ctx_enter(ptr null,
; CHECK-LABEL: ret void
define internal void @late() {
  call void @work()
  ret void
}

; CHECK-LABEL: define internal void @_GLOBAL__sub_I_t.cpp(
; CHECK-NOT:   call void @work()
; CHECK:       store volatile ptr null, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  tail call void @work()
define internal void @_GLOBAL__sub_I_t.cpp() {
  tail call void @work()
  ret void
}

; CHECK-LABEL: define void @ordinary(
; CHECK:       %ccprof.from = load volatile ptr, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:       call ptr @__ccprof_ctx_enter(ptr %ccprof.from,
define void @ordinary() {
  call void @work()
  ret void
}
