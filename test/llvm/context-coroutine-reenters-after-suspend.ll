; Context mode, a C++ coroutine (before CoroSplit: it calls
; llvm.coro.suspend): its node is kept in a slot (the coroutine frame,
; once split), and on each edge out of a suspension point (resumed,
; destroyed) the node is entered again, without counting a call, from
; `current`: the resumer's node, on the resumer's thread.  Before, the
; frame kept the node of the creating call, another thread's node when
; the coroutine was resumed on another thread.
; RUN: %opt -passes=ccprof -ccprof-mode=context -S < %s | FileCheck %s

declare i8 @llvm.coro.suspend(token, i1)
declare void @g()

; CHECK-LABEL: define void @co(
; CHECK:       entry:
; CHECK-NEXT:  %ccprof.node.slot = alloca ptr
; CHECK:       store ptr %ccprof.node, ptr %ccprof.node.slot
; CHECK:       call i8 @llvm.coro.suspend(
; On the edge to the destroy path, as to the resumed code:
; CHECK:       %ccprof.resumer{{[0-9]+}} = load volatile ptr, ptr {{%[0-9]+|@__ccprof_current.tls}}
; CHECK-NOT:   = add i64 %{{[0-9]+}}, 1{{$}}
; CHECK:       store ptr %ccprof.node{{[0-9]+}}, ptr %ccprof.node.slot
; CHECK:       store volatile ptr %ccprof.node{{[0-9]+}}, ptr {{%[0-9]+|@__ccprof_current.tls}}
; CHECK-LABEL: resume:
; CHECK:       %ccprof.resumer = load volatile ptr, ptr {{%[0-9]+|@__ccprof_current.tls}}
; CHECK-NOT:   = add i64 %{{[0-9]+}}, 1{{$}}
; CHECK:       store ptr %[[N:ccprof.node[0-9]+]], ptr %ccprof.node.slot
; CHECK:       store volatile ptr %[[N]], ptr {{%[0-9]+|@__ccprof_current.tls}}
; CHECK-NEXT:  %[[K:ccprof.node.kept[0-9]+]] = load volatile ptr, ptr %ccprof.node.slot
; CHECK-NEXT:  call void @g.ccprof.site.{{[0-9a-f]+}}(ptr %[[K]], i64 1)
define void @co() {
entry:
  call void @g()
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %cleanup]
resume:
  call void @g()
  br label %cleanup
cleanup:
  call void @g()
  br label %suspend
suspend:
  ret void
}

; A function that does not suspend keeps its node in a register.
; CHECK-LABEL: define void @plain(
; CHECK-NOT:   ccprof.node.slot
; CHECK:       ret void
define void @plain() {
entry:
  call void @g()
  ret void
}
