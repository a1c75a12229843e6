; An address-taken function (a callback) whose call in tail position is
; of profiled code defined in the unit puts `current` back after that
; call, when the callee's calls in tail position, followed as far as
; they go, cannot come back to it: @cb's callee @work ends in a call of
; @leafish, which ends in nothing that can.  The store stops the call
; from being a jump, which costs one frame.  @ping and @pong call each
; other in tail position: storing after @ping's call of @pong would make
; their loop grow the stack, so @ping keeps its jump and restores
; nothing.  Nor does @via_ext, whose callee @passes_on ends in a call
; out of the unit, which may come back.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=FLAT
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-transitions=entry -S < %s | FileCheck %s --check-prefix=ENTRY

@table = global [3 x ptr] [ptr @cb, ptr @ping, ptr @via_ext]
@sink = global i32 0

declare i32 @ext(i32)

; FLAT-LABEL: define i32 @cb(
; FLAT:       %ccprof.found = load volatile ptr, ptr
; FLAT:       %r = call i32 @work(i32 %x)
; FLAT-NOT:   ret
; FLAT:       store volatile ptr %ccprof.found, ptr
; FLAT-NEXT:  ret i32 %r
; ENTRY-LABEL: define i32 @cb(
; ENTRY:       %ccprof.from = load volatile ptr
; ENTRY:       %r = call i32 @work(i32 %x)
; ENTRY-NOT:   ret
; ENTRY:       store volatile ptr %ccprof.from, ptr
; ENTRY-NEXT:  ret i32 %r
define i32 @cb(i32 %x) {
entry:
  %r = call i32 @work(i32 %x)
  ret i32 %r
}

define i32 @work(i32 %x) {
entry:
  %a = call i32 @ext(i32 %x)
  %r = call i32 @leafish(i32 %a)
  ret i32 %r
}

define i32 @leafish(i32 %x) {
entry:
  %a = call i32 @ext(i32 %x)
  store volatile i32 %a, ptr @sink
  ret i32 %a
}

; FLAT-LABEL: define i32 @ping(
; FLAT-NOT:   ccprof.found
; FLAT:       %r = call i32 @pong(i32 %y)
; FLAT-NEXT:  ret i32 %r
; ENTRY-LABEL: define i32 @ping(
; ENTRY:       %r = call i32 @pong(i32 %y)
; ENTRY-NEXT:  ret i32 %r
define i32 @ping(i32 %x) {
entry:
  %y = call i32 @ext(i32 %x)
  %r = call i32 @pong(i32 %y)
  ret i32 %r
}

define i32 @pong(i32 %x) {
entry:
  %y = call i32 @ext(i32 %x)
  %r = call i32 @ping(i32 %y)
  ret i32 %r
}

; FLAT-LABEL: define i32 @via_ext(
; FLAT-NOT:   ccprof.found
; FLAT:       %r = call i32 @passes_on(i32 %x)
; FLAT-NEXT:  ret i32 %r
define i32 @via_ext(i32 %x) {
entry:
  %r = call i32 @passes_on(i32 %x)
  ret i32 %r
}

define i32 @passes_on(i32 %x) {
entry:
  %y = add i32 %x, 1
  %r = call i32 @ext(i32 %y)
  ret i32 %r
}
