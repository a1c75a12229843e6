; A profiled function whose address is taken in the unit (@cb, in a
; table: a callback, a signal handler, a virtual function) puts `current`
; back as it found it when it returns: flat mode loads it on entry,
; before its own store, context mode keeps the `from` it read, and each
; does a volatile store of that value before every return.  With
; transitions at the call site (context mode's default) that is the
; entry's, after its call of the body, which direct callers use and
; which restores nothing.  A function called only directly (@direct)
; does nothing of the kind.  Nor does an address-taken function with a
; call in tail position of what may run profiled code (@tail_cb): that
; call stays a jump (a loop of tail calls through a table must not grow
; the stack).  A tail call of what cannot move `current` (@strlen_cb,
; strlen) is followed by the store, and so is no longer a jump.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=FLAT
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-transitions=entry -S < %s | FileCheck %s --check-prefix=ENTRY
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s --check-prefix=SITE

@table = global [3 x ptr] [ptr @cb, ptr @tail_cb, ptr @strlen_cb]

declare i32 @ext(i32)

; FLAT-LABEL: define i32 @cb(
; FLAT-NEXT:  entry:
; FLAT:       %ccprof.found = load volatile ptr, ptr
; FLAT:       store volatile ptr @__ccprof_cnt.cb
; FLAT:       %s = add i32 %r, 1
; FLAT:       store volatile ptr %ccprof.found, ptr
; FLAT-NEXT:  ret i32 %s
; ENTRY-LABEL: define i32 @cb(
; ENTRY:       %ccprof.from = load volatile ptr
; ENTRY:       %s = add i32 %r, 1
; ENTRY:       store volatile ptr %ccprof.from, ptr
; ENTRY-NEXT:  ret i32 %s
; SITE-LABEL:  define i32 @cb(
; SITE:        [[R:%.*]] = tail call i32 @cb.ccprof(i32 %0, ptr %ccprof.node)
; SITE:        store volatile ptr %ccprof.from, ptr
; SITE-NEXT:   ret i32 [[R]]
define i32 @cb(i32 %x) {
entry:
  %r = call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; FLAT-LABEL: define i32 @direct(
; FLAT-NOT:   ccprof.found
; FLAT:       %s = add i32 %r, 1
; FLAT-NEXT:  ret i32 %s
; ENTRY-LABEL: define i32 @direct(
; ENTRY:       %s = add i32 %r, 1
; ENTRY-NEXT:  ret i32 %s
; SITE-LABEL:  define i32 @direct(
; SITE:        [[D:%.*]] = tail call i32 @direct.ccprof(
; SITE-NEXT:   ret i32 [[D]]
define i32 @direct(i32 %x) {
entry:
  %r = call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; FLAT-LABEL: define i32 @tail_cb(
; FLAT-NOT:   ccprof.found
; FLAT:       %r = call i32 @ext(i32 %x)
; FLAT-NEXT:  ret i32 %r
; ENTRY-LABEL: define i32 @tail_cb(
; ENTRY:       %r = call i32 @ext(i32 %x)
; ENTRY-NEXT:  ret i32 %r
define i32 @tail_cb(i32 %x) {
entry:
  %r = call i32 @ext(i32 %x)
  ret i32 %r
}

declare i64 @strlen(ptr)

; FLAT-LABEL: define i64 @strlen_cb(
; FLAT:       %ccprof.found = load volatile ptr, ptr
; FLAT:       %n = call i64 @strlen(ptr %s)
; FLAT:       store volatile ptr %ccprof.found, ptr
; FLAT-NEXT:  ret i64 %n
define i64 @strlen_cb(ptr %s) {
entry:
  %n = call i64 @strlen(ptr %s)
  ret i64 %n
}

; SITE-LABEL:  define i32 @user(
define i32 @user(i32 %x) {
entry:
  %a = call i32 @cb(i32 %x)
  %b = call i32 @direct(i32 %a)
  ret i32 %b
}

; The body restores nothing.
; SITE-LABEL:  define internal i32 @cb.ccprof(
; SITE:        %s = add i32 %r, 1
; SITE-NEXT:   ret i32 %s
