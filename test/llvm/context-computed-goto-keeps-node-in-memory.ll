; mode=context: a function with a computed goto (indirectbr: an
; interpreter's dispatch) keeps its node in a stack slot, stored once
; after the entry transition and loaded (volatile, so that nothing puts it
; back in a register) at each reset and each call-site transition, so that
; the node does not hold a register across every dispatch.  A function
; without one keeps the node as a value from the entry.  Both give the
; same transitions and resets (design.md, "What instrumented code does").
; LLVM 14 only: LLVM 22's allocator does well with the register, and the
; slot cost it instructions (llvm-pass/compat.h).
; REQUIRES: llvm14
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s | FileCheck %s

declare i32 @ext(i32)

define i32 @op(i32 %x) {
entry:
  %y = call i32 @ext(i32 %x)
  ret i32 %y
}

; CHECK-LABEL: define internal i32 @interp.ccprof(
; CHECK:       %ccprof.node.slot = alloca ptr
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT:  store ptr %ccprof.node, ptr %ccprof.node.slot
; CHECK:       indirectbr
; a call-site transition into op, from the node as loaded
; CHECK:     op_a:
; CHECK-NEXT:  [[K:%.*]] = load volatile ptr, ptr %ccprof.node.slot
; CHECK-NEXT:  %ccprof.kid = getelementptr inbounds i8, ptr [[K]], i64 32
; CHECK:       call ptr @__ccprof_ctx_kid(ptr [[K]],
; CHECK:       call i32 @op.ccprof(i32 %acc, ptr %ccprof.kid.node)
; the reset after it
; CHECK-NEXT:  [[R1:%.*]] = load volatile ptr, ptr %ccprof.node.slot
; CHECK:       store volatile ptr [[R1]], ptr {{%.*|@__ccprof_current.tls}}
; the call of another unit's function (its site entry) and the reset
; CHECK:     op_b:
; CHECK-NEXT:  [[F:%.*]] = load volatile ptr, ptr %ccprof.node.slot
; CHECK-NEXT:  call i32 @ext.ccprof.site.{{.*}}(i32 %acc, ptr [[F]], i64 1)
; CHECK-NEXT:  [[R2:%.*]] = load volatile ptr, ptr %ccprof.node.slot
; CHECK:       store volatile ptr [[R2]], ptr {{%.*|@__ccprof_current.tls}}
define i32 @interp(ptr %code, i32 %n) {
entry:
  br label %dispatch
dispatch:
  %pc = phi ptr [ %code, %entry ], [ %next, %op_a ], [ %next2, %op_b ]
  %acc = phi i32 [ %n, %entry ], [ %a1, %op_a ], [ %b1, %op_b ]
  %t = load ptr, ptr %pc
  indirectbr ptr %t, [label %op_a, label %op_b, label %done]
op_a:
  %a1 = call i32 @op(i32 %acc)
  %next = getelementptr ptr, ptr %pc, i64 1
  br label %dispatch
op_b:
  %b1 = call i32 @ext(i32 %acc)
  %next2 = getelementptr ptr, ptr %pc, i64 1
  br label %dispatch
done:
  ret i32 %acc
}

; CHECK-LABEL: define internal i32 @plain_loop.ccprof(
; CHECK-NOT:   ccprof.node.slot
; CHECK:       call i32 @ext.ccprof.site.{{.*}}(i32 %i, ptr %ccprof.node, i64 0)
; CHECK:       store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NOT:   ccprof.node.slot
; CHECK:       ret i32
define i32 @plain_loop(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %r = call i32 @ext(i32 %i)
  %j = add i32 %i, %r
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %out
out:
  ret i32 %j
}
