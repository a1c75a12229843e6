; A unit with more TLS-offset stores than -ccprof-current-limit (default
; 4096; clang parses each inline-assembly statement again to write the
; object) sets `current` to the record's address at every one of them
; instead, and has no slot array; at or below the limit, and with
; current=offset whatever their number, the stores stay TLS offsets.  The
; options string is the user's either way.  This unit has 3 stores: f's
; entry and its reset, g's entry.
; RUN: %opt -passes=ccprof -ccprof-current-limit=2 -S < %s | FileCheck %s --check-prefix=ADDR
; RUN: %opt -passes=ccprof -ccprof-current-limit=3 -S < %s | FileCheck %s --check-prefix=SLOT
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=SLOT
; RUN: %opt -passes=ccprof -ccprof-current=offset -ccprof-current-limit=1 -S < %s | FileCheck %s --check-prefix=SLOT
target triple = "x86_64-pc-linux-gnu"

declare void @h()

; ADDR-NOT: @__ccprof_tcc
; ADDR: c"counters=thread\00"
; ADDR-NOT: asm
; ADDR-LABEL: define void @f(
; ADDR:      store volatile {{.*}} @__ccprof_cnt.f
; ADDR-NEXT: call void @h()
; ADDR:      store volatile {{.*}} @__ccprof_cnt.f
; ADDR-NEXT: call void @h()
; ADDR-NEXT: ret void
; ADDR-LABEL: define i32 @g(
; ADDR:      store volatile {{.*}} @__ccprof_cnt.g
; ADDR-NOT:  asm
; SLOT: @__ccprof_tcc = internal thread_local(localexec) global [3 x {{.*}}] [{{.*}} null, {{.*}} @__ccprof_cnt.f{{.*}}, {{.*}} @__ccprof_cnt.g{{.*}}], align 8
; SLOT: c"counters=thread\00"
; SLOT-LABEL: define void @f(
; SLOT:      call void asm sideeffect "movq {{.*}}@__ccprof_tcc, i64 0, i64 1))
; SLOT-NEXT: call void @h()
; SLOT-NEXT: call void asm sideeffect "movq {{.*}}@__ccprof_tcc, i64 0, i64 1))
; SLOT-NEXT: call void @h()
; SLOT-NEXT: ret void
; SLOT-LABEL: define i32 @g(
; SLOT:      call void asm sideeffect "movq {{.*}}@__ccprof_tcc, i64 0, i64 2))
define void @f() {
  call void @h()
  call void @h()
  ret void
}

; Large enough not to be a tiny leaf (leaf-size: 16 instructions).
define i32 @g(i32 %x) {
  %v0 = add i32 %x, 3
  %v1 = mul i32 %v0, 4
  %v2 = xor i32 %v1, 5
  %v3 = add i32 %v2, 6
  %v4 = mul i32 %v3, 7
  %v5 = xor i32 %v4, 8
  %v6 = add i32 %v5, 9
  %v7 = mul i32 %v6, 10
  %v8 = xor i32 %v7, 11
  %v9 = add i32 %v8, 12
  %v10 = mul i32 %v9, 13
  %v11 = xor i32 %v10, 14
  %v12 = add i32 %v11, 15
  %v13 = mul i32 %v12, 16
  %v14 = xor i32 %v13, 17
  %v15 = add i32 %v14, 18
  %v16 = mul i32 %v15, 19
  %v17 = xor i32 %v16, 20
  ret i32 %v17
}
