; No reset after a call in tail position: the function returns at once and
; its caller resets, and a store after the call would stop it from being a
; jump.  Tail position is seen through the shapes clang emits before
; mem2reg: the result stored to %retval, a cleanup slot set to a constant,
; a branch (or -O0 switch on the cleanup slot) to a block that loads
; %retval and returns it.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

declare i32 @g(i32)
declare void @v()
declare void @llvm.lifetime.end.p0(i64, ptr nocapture)

; CHECK-LABEL: define i32 @direct(
; CHECK:      %r = call i32 @g(i32 %x)
; CHECK-NEXT: ret i32 %r
define i32 @direct(i32 %x) {
  %r = call i32 @g(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define void @void_call(
; CHECK:      call void @v()
; CHECK-NEXT: ret void
define void @void_call() {
  call void @v()
  ret void
}

; CHECK-LABEL: define i32 @through_retval(
; CHECK:      %r = call i32 @g(i32 %x)
; CHECK-NEXT: store i32 %r, ptr %retval
define i32 @through_retval(i32 %x) {
entry:
  %retval = alloca i32
  %slot = alloca i32
  %c = icmp eq i32 %x, 0
  br i1 %c, label %zero, label %more
zero:
  store i32 1, ptr %retval
  br label %return
more:
  %r = call i32 @g(i32 %x)
  store i32 %r, ptr %retval
  store i32 1, ptr %slot
  call void @llvm.lifetime.end.p0(i64 4, ptr %slot)
  %d = load i32, ptr %slot
  switch i32 %d, label %unreachable [ i32 0, label %unreachable
                                      i32 1, label %return ]
return:
  %v = load i32, ptr %retval
  ret i32 %v
unreachable:
  unreachable
}

; Not a tail call: the result is used before returning.
; CHECK-LABEL: define i32 @not_tail(
; CHECK:      %r = call i32 @g(i32 %x)
; CHECK-NOT:  %s = add
; CHECK:      store volatile ptr @__ccprof_cnt.not_tail
; CHECK-NEXT: %s = add
define i32 @not_tail(i32 %x) {
  %r = call i32 @g(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; Not a tail call: another value is returned.
; CHECK-LABEL: define i32 @other_value(
; CHECK:      %r = call i32 @g(i32 %x)
; CHECK-NOT:  ret
; CHECK:      store volatile ptr @__ccprof_cnt.other_value
; CHECK-NEXT: ret i32 %x
define i32 @other_value(i32 %x) {
  %r = call i32 @g(i32 %x)
  ret i32 %x
}
