; `current` in an executable (no PIC level, or PIE) is defined in every
; unit, weak and null, and reached local-exec: one store through %fs with
; no offset loaded from the GOT.  The link keeps one definition, and
; libccprof.so's reference binds to it.  A shared object (PIC, not PIE)
; only declares it and reaches it initial-exec, through the GOT.
;
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=EXE
; RUN: (cat %s; echo '!llvm.module.flags = !{!0, !1}'; echo '!0 = !{i32 7, !"PIC Level", i32 2}'; echo '!1 = !{i32 7, !"PIE Level", i32 2}') | %opt -passes=ccprof -S | FileCheck %s --check-prefix=EXE
; RUN: (cat %s; echo '!llvm.module.flags = !{!0}'; echo '!0 = !{i32 7, !"PIC Level", i32 2}') | %opt -passes=ccprof -S | FileCheck %s --check-prefix=DSO
;
; EXE: @__ccprof_current.tls = weak thread_local(localexec) global ptr null
; DSO: @__ccprof_current.tls = external thread_local(initialexec) global ptr

define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}
