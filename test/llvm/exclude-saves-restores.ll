; An excluded function (-ccprof-exclude=NAME, globs allowed) gets no
; counters and no entry store: its time goes to its caller.  It saves
; `current` on entry and restores it after each call, so a profiled callee
; is not charged for the excluded function's own work after returning.
; RUN: %opt -passes=ccprof -ccprof-exclude=helper*,other -S < %s | FileCheck %s

declare void @g()

; CHECK-NOT: @__ccprof_cnt.helper_loop =
; CHECK-LABEL: define void @helper_loop(
; CHECK-NEXT: entry:
; CHECK-NOT:    {{^  br}}
; CHECK:        [[SAVED:%ccprof.saved]] = load volatile ptr, ptr {{%.*|@__ccprof_current}}
; CHECK-NOT:    @__ccprof_cnt
; CHECK:        call void @g()
; CHECK-NOT:    %i1 = add
; CHECK:        store volatile ptr [[SAVED]], ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:   %i1 = add
define void @helper_loop(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @g()
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}

; A profiled function is unaffected.
; CHECK-LABEL: define void @kept(
; CHECK: store volatile ptr @__ccprof_cnt.kept
define void @kept() {
  call void @helper_loop(i32 3)
  ret void
}
