; The thread-local call counts are in static TLS at a fixed offset from
; the thread pointer in every thread: local-exec in an executable (no PIC,
; or PIE), initial-exec in a shared object (PIC, not PIE), where
; local-exec cannot be linked.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=EXE
; RUN: sed 's/^;PIC //' %s | %opt -passes=ccprof -S | FileCheck %s --check-prefix=DSO
; RUN: sed 's/^;PIE //' %s | %opt -passes=ccprof -S | FileCheck %s --check-prefix=EXE
; EXE: @__ccprof_tcalls = internal thread_local(localexec) global [1 x i64]
; DSO: @__ccprof_tcalls = internal thread_local(initialexec) global [1 x i64]
define void @f() {
  ret void
}
;PIC !llvm.module.flags = !{!0}
;PIC !0 = !{i32 7, !"PIC Level", i32 2}
;PIE !llvm.module.flags = !{!0, !1}
;PIE !0 = !{i32 7, !"PIC Level", i32 2}
;PIE !1 = !{i32 7, !"PIE Level", i32 2}
