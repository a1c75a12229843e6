; A site entry's digest hashes the ABI version (here 7) before the
; prototype, so that a unit built by another release of ccprof, whose
; nodes may be laid out differently, never passes its nodes to this
; unit's site entries: its calls link to its own fallback (docs/
; design.md, "Units of another ABI version").  The digest is FNV-1a of
; "abi8;" and the prototype as the calling convention sees it.
; RUN: %python -c "import functools; print('DIGEST %%016x' %% functools.reduce(lambda h, c: ((h ^ c) * 0x100000001b3) %% 2**64, b'abi8;0:i32,i32', 0xcbf29ce484222325))" > %t.digest
; RUN: %opt -passes=ccprof -ccprof-mode=context -ccprof-leaf-size=0 -S < %s > %t.ll
; RUN: cat %t.digest %t.ll | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: DIGEST [[D:[0-9a-f]+]]
; CHECK-DAG: define hidden i32 @callee.ccprof.site.[[D]](i32 %0, ptr %ccprof.from, i64 %ccprof.slot)
; CHECK-DAG: define weak hidden i32 @remote.ccprof.site.[[D]](i32 %0, ptr %1, i64 %2)
; CHECK-DAG: call i32 @remote.ccprof.site.[[D]](i32 %x, ptr %ccprof.node, i64 0)

declare i32 @remote(i32)

define i32 @callee(i32 %x) {
  %r = call i32 @remote(i32 %x)
  ret i32 %r
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 7, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
