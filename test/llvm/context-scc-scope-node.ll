; mode=context: a CCPROF_SCC scope enters its own context from the
; function's node (the scope's memo entry and descriptor), keeps it in a
; stack slot (a jump into the scope does not pass its entry), resets to
; it after calls within the scope, and leaving the scope stores the
; function's node again.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s

@.str = private unnamed_addr constant [6 x i8] c"parse\00"
declare void @g()

define internal i32 @__ccprof_scc_begin(ptr %l) alwaysinline {
  ret i32 0
}

; CHECK-LABEL: define void @f(
; CHECK:       %ccprof.scope.slot = alloca ptr
; CHECK:       %ccprof.node = phi ptr
; CHECK:       store ptr %ccprof.node, ptr %ccprof.scope.slot
; The scope's entry: a transition from the function's node.
; CHECK:       icmp eq ptr %ccprof.memo.from{{[0-9]*}}, %ccprof.node
; CHECK:       call ptr @__ccprof_ctx_enter(ptr %ccprof.node, ptr getelementptr inbounds ({{.*}} @__ccprof_ccs, i64 0, i64 1)
; CHECK:       %[[SCOPE:ccprof.node[0-9]+]] = phi ptr
; CHECK:       store ptr %[[SCOPE]], ptr %ccprof.scope.slot
; CHECK:       store volatile ptr %[[SCOPE]], ptr
; CHECK:       call void @g()
; CHECK-NEXT:  {{.*}}= load ptr, ptr %ccprof.scope.slot
; CHECK:       store volatile ptr %ccprof.scope.node, ptr
; CHECK:       store volatile ptr %ccprof.node, ptr
; CHECK-NEXT:  br label %after
define void @f() {
entry:
  %m = call i32 @__ccprof_scc_begin(ptr @.str)
  %t = icmp ne i32 %m, 0
  br i1 %t, label %after, label %scope
scope:
  call void @g()
  call void @g()
  br label %after
after:
  ret void
}
