; leaf-size=N: a function with no loop whose instructions (not counting
; allocas and their loads and stores, debug and lifetime intrinsics), with
; those of the tiny leaves it calls, are at most N is counted but sets no
; `current`, and its callers set nothing after calling it.  A function
; with a loop, one calling an unknown function, or one over N is profiled
; as before.  leaf-size=0 (the option's off value) makes no leaf.
; RUN: %opt -passes=ccprof -ccprof-leaf-size=8 -S < %s | FileCheck %s
; RUN: %opt -passes=ccprof -ccprof-leaf-size=0 -S < %s | FileCheck %s --check-prefix=OFF

declare i32 @ext(i32)

; CHECK-LABEL: define i32 @kind(
; CHECK:       add i64 %{{.*}}, 1
; CHECK-NOT:   __ccprof_current
; CHECK:       ret i32
; OFF-LABEL:   define i32 @kind(
; OFF:         __ccprof_current
define i32 @kind(ptr %p) {
entry:
  %p.addr = alloca ptr
  store ptr %p, ptr %p.addr
  %q = load ptr, ptr %p.addr
  %k = load i32, ptr %q
  %m = and i32 %k, 15
  ret i32 %m
}

; A tiny leaf calling a tiny leaf is one.
; CHECK-LABEL: define i32 @valid(
; CHECK-NOT:   __ccprof_current
; CHECK:       ret i32
define i32 @valid(ptr %p) {
entry:
  %k = call i32 @kind(ptr %p)
  %c = icmp ne i32 %k, 0
  %z = zext i1 %c to i32
  ret i32 %z
}

; Its callers need no reset after it; after @ext they do.
; CHECK-LABEL: define i32 @user(
; CHECK:       __ccprof_current
; CHECK:       %a = call i32 @valid(ptr %p)
; CHECK-NEXT:  %b = call i32 @ext(i32 %a)
; CHECK-NOT:   {{^  %c = }}
; CHECK:       store volatile ptr @__ccprof_cnt.user
; CHECK-NEXT:  %c = add
; OFF-LABEL:   define i32 @user(
; OFF:         %a = call i32 @valid(ptr %p)
; OFF-NOT:     {{^  %b = }}
; OFF:         store volatile ptr @__ccprof_cnt.user
; OFF-NEXT:    %b = call i32 @ext
define i32 @user(ptr %p) {
entry:
  %a = call i32 @valid(ptr %p)
  %b = call i32 @ext(i32 %a)
  %c = add i32 %a, %b
  ret i32 %c
}

; A loop: no leaf.
; CHECK-LABEL: define i32 @loop(
; CHECK:       store volatile ptr @__ccprof_cnt.loop
define i32 @loop(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %j, %head ]
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %head, label %done
done:
  ret i32 %j
}

; Calls a function it does not know: no leaf.
; CHECK-LABEL: define i32 @calls_ext(
; CHECK:       store volatile ptr @__ccprof_cnt.calls_ext
define i32 @calls_ext(i32 %x) {
entry:
  %r = call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; Nine instructions: over the limit.
; CHECK-LABEL: define i32 @big(
; CHECK:       store volatile ptr @__ccprof_cnt.big
define i32 @big(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = xor i32 %b, %x
  %d = add i32 %c, 7
  %e = mul i32 %d, %a
  %f = sub i32 %e, %b
  %g = shl i32 %f, 2
  %h = or i32 %g, %c
  ret i32 %h
}
