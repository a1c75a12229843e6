; No reset after an intrinsic that cannot call back into profiled code
; (memcpy, lifetime, ...); there is one after an ordinary call.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @llvm.ctpop.i32(i32)
declare void @g()

; CHECK-LABEL: define i32 @f(
; CHECK:      call void @llvm.memcpy.p0.p0.i64(
; CHECK-NEXT: %n = call i32 @llvm.ctpop.i32(i32 %x)
; CHECK-NEXT: call void @g()
; CHECK-NOT:  %m = add
; CHECK:      store volatile ptr @__ccprof_cnt.f
; CHECK-NEXT: %m = add i32 %n, 1
define i32 @f(ptr %d, ptr %s, i32 %x) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 16, i1 false)
  %n = call i32 @llvm.ctpop.i32(i32 %x)
  call void @g()
  %m = add i32 %n, 1
  ret i32 %m
}
