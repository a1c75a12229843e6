; No reset after a direct self-call: `current` already points at the
; function's own counters.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

; CHECK-LABEL: define i32 @fact(
; CHECK:      %r = call i32 @fact(i32 %m)
; CHECK-NEXT: %p = mul i32 %r, %n
define i32 @fact(i32 %n) {
entry:
  %c = icmp sle i32 %n, 1
  br i1 %c, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %r, %n
  ret i32 %p
}
