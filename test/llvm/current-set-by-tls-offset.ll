; In an executable for x86-64, `current` is set to the TLS offset of the
; function's slot in __ccprof_tcc (which holds its record's address), in
; one instruction: the slot is an "i" asm operand, slot 0 unused.  In a
; shared object, or for another target, `current` := the record's address.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=EXE
; RUN: sed 's/^target triple.*/target triple = "aarch64-unknown-linux-gnu"/' %s | %opt -passes=ccprof -S | FileCheck %s --check-prefix=PTR
; RUN: sed 's/^;PIC //' %s | %opt -passes=ccprof -S | FileCheck %s --check-prefix=PTR
; current=address asks for the record's address everywhere.
; RUN: %opt -passes=ccprof -ccprof-current=address -S < %s | FileCheck %s --check-prefixes=PTR,ADDR
; RUN: not %opt -passes=ccprof -ccprof-current=slot -S < %s 2>&1 | FileCheck %s --check-prefix=BAD
; ADDR: c"counters=thread current=address\00"
; BAD: bad value 'slot' for option -ccprof-current (expected on, offset, address or off)
target triple = "x86_64-pc-linux-gnu"

declare void @h()

; EXE: @__ccprof_tcc = internal thread_local(localexec) global [3 x {{.*}}] [{{.*}} null, {{.*}} @__ccprof_cnt.f{{.*}}, {{.*}} @__ccprof_cnt.g{{.*}}], align 8
; PTR-NOT: @__ccprof_tcc

; EXE-LABEL: define void @f(
; EXE:      call void asm sideeffect "movq $$${0:c}@tpoff, %fs:__ccprof_current.tls@tpoff", "i"({{.*}}@__ccprof_tcc, i64 0, i64 1)) #[[ASM:[0-9]+]]
; EXE-NEXT: call void @h()
; EXE-NEXT: call void asm sideeffect "movq {{.*}}@__ccprof_tcc, i64 0, i64 1))
; EXE-NEXT: call void @h()
; EXE-NEXT: ret void
; PTR-LABEL: define void @f(
; PTR:      store volatile {{.*}} @__ccprof_cnt.f
; PTR:      call void @h()
; PTR:      store volatile {{.*}} @__ccprof_cnt.f
; PTR-NEXT: call void @h()
define void @f() {
  call void @h()
  call void @h()
  ret void
}

; EXE-LABEL: define void @g(
; EXE:      call void asm sideeffect "movq {{.*}}@__ccprof_tcc, i64 0, i64 2))
define void @g() {
  call void @h()
  call void @h()
  ret void
}

; Never removed, touches nothing the program can see.
; EXE: attributes #[[ASM]] = { {{.*}}inaccessiblemem{{.*}} }

;PIC !llvm.module.flags = !{!0}
;PIC !0 = !{i32 7, !"PIC Level", i32 2}
