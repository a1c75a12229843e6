; mode=context: after a call that is not in tail position, at the start
; of an invoke's normal destination and in a landing pad, `current` is
; set back to the function's node, kept in a value from the entry (never
; a TLS-offset store); none after a tail call or a direct self-call.
; (transitions=entry: every transition at the callee's entry; with the
; default the direct call of f in f is a call of its body,
; context-call-site-transition.ll.)
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-transitions=entry -S < %s | FileCheck %s

declare i32 @g(i32)
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i32 @f(
; CHECK:      %ccprof.node = phi ptr
; CHECK:      store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:      %a = call i32 @g(i32 %x)
; CHECK-NOT:  call i32
; CHECK:      store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT: %s = call i32 @f(i32 %a)
; CHECK-NEXT: %r = call i32 @g(i32 %s)
; CHECK-NEXT: ret i32 %r
; CHECK-NOT:  asm
define i32 @f(i32 %x) {
entry:
  %a = call i32 @g(i32 %x)
  %s = call i32 @f(i32 %a)
  %r = call i32 @g(i32 %s)
  ret i32 %r
}

; CHECK-LABEL: define void @catcher(
; CHECK:      %ccprof.node = phi ptr
; CHECK:      invoke void @may_throw()
; CHECK-NEXT:   to label %[[NORMAL:.*]] unwind label %lpad
; CHECK:      [[NORMAL]]:
; CHECK-NOT:  {{^[a-z]}}
; CHECK:      store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK:      lpad:
; CHECK-NEXT:   %lp = landingpad
; CHECK-NEXT:     catch ptr null
; CHECK:      store volatile ptr %ccprof.node, ptr {{%.*|@__ccprof_current.tls}}
; CHECK-NEXT: br label %done
define void @catcher() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %done unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 }
    catch ptr null
  br label %done
done:
  ret void
}
