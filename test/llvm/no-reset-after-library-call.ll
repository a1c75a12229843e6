; No reset after a call of a C library function that cannot run the
; program's code (the GCC plugin's rule for GCC's library builtins);
; a reset after one that takes a callback (qsort), after a library name
; the unit defines itself, and after a call marked nobuiltin
; (-fno-builtin).  The unit's own `abs` is no tiny leaf here (leaf-size=0),
; or no reset would follow it for that reason.
; RUN: %opt -passes=ccprof -ccprof-leaf-size=0 -S < %s | FileCheck %s
target triple = "x86_64-pc-linux-gnu"

declare i64 @strlen(ptr)
declare void @qsort(ptr, i64, i64, ptr)
declare i32 @puts(ptr)
define i32 @abs(i32 %x) {
  ret i32 %x
}
declare void @g()

; CHECK-LABEL: define i64 @f(
; CHECK:      call i64 @strlen(
; CHECK-NOT:  asm sideeffect
; CHECK:      call void @qsort(
; CHECK:      call void asm sideeffect "movq $$${0:c}@tpoff, %fs:__ccprof_current.tls@tpoff"
; CHECK-NOT:  call
; CHECK:      call i32 @abs(
; CHECK:      call void asm sideeffect "movq $$${0:c}@tpoff, %fs:__ccprof_current.tls@tpoff"
; CHECK-NOT:  call i32
; CHECK:      call i32 @puts({{.*}}) #[[NB:[0-9]+]]
; CHECK:      call void asm sideeffect "movq $$${0:c}@tpoff, %fs:__ccprof_current.tls@tpoff"
; CHECK-NOT:  call i32
; CHECK:      call void @g()
; CHECK: attributes #[[NB]] = { nobuiltin }
define i64 @f(ptr %s) {
  %n = call i64 @strlen(ptr %s)
  call void @qsort(ptr %s, i64 %n, i64 1, ptr @g)
  %a = call i32 @abs(i32 1)
  %p = call i32 @puts(ptr %s) nobuiltin
  call void @g()
  ret i64 %n
}
