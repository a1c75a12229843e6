// REQUIRES: gcc
// mode=context: on entry a profiled function reads `current` (its
// caller's node; volatile), picks its memo entry for that caller, entry
// i * 8 + bits 6-8 of `current` of the unit's thread-local
// __ccprof_tctx (8 entries per cost centre, CTX_MEMO_WAYS), loads the
// entry's `from` and `to`, and if `from` is `current` takes `to` (the
// transition taken last from this `current`); otherwise it calls the
// runtime's slow path with `current`, its descriptor &__ccprof_ccs[i]
// and the entry.  The node (a PHI of the two) counts the call and
// becomes `current`.  Flat mode's count in __ccprof_tcalls and its
// TLS-offset store are gone.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 -S %s -o - | FileCheck %s --check-prefix=ASM

int first(int x)
{
	return x + 1;
}

int f(int x)
{
	return x * 3;
}

// CHECK-LABEL: int f (int x)
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[P:_[0-9]+]] ={v} __ccprof_current;
// The entry's byte offset among f's 8, (current >> 2) & 0x70, is added
// to the table's address; f's 8 entries start at 128 = 1 * 8 * 16.
// CHECK-NEXT:    [[BITS:_[0-9]+]] = (sizetype) [[P]];
// CHECK-NEXT:    [[SH:_[0-9]+]] = [[BITS]] >> 2;
// CHECK-NEXT:    [[OFF:_[0-9]+]] = [[SH]] & 112;
// CHECK-NEXT:    [[TAB:_[0-9]+]] = &__ccprof_tctx[0];
// CHECK-NEXT:    [[E:_[0-9]+]] = [[TAB]] + [[OFF]];
// CHECK-NEXT:    [[FROM:_[0-9]+]] = MEM[(struct  *)[[E]] + 128B].from;
// CHECK-NEXT:    [[TO:_[0-9]+]] = MEM[(struct  *)[[E]] + 128B].to;
// CHECK-NEXT:    [[HIT:_[0-9]+]] = [[FROM]] == [[P]];
// CHECK-NEXT:    if ([[HIT]] != 0)
// CHECK-NEXT:      goto <bb [[JOIN:[0-9]+]]>;
// CHECK-NEXT:    else
// CHECK-NEXT:      goto <bb [[SLOW:[0-9]+]]>;
// CHECK-EMPTY:
// CHECK-NEXT:  <bb [[SLOW]]> :
// CHECK-NEXT:    [[MEMO:_[0-9]+]] = [[E]] + 128;
// CHECK-NEXT:    [[S:_[0-9]+]] = __ccprof_ctx_enter ([[P]], &__ccprof_ccs[1], [[MEMO]]);
// CHECK-EMPTY:
// CHECK-NEXT:  <bb [[JOIN]]> :
// CHECK-NEXT:    # [[N:_[0-9]+]] = PHI <[[TO]](2), [[S]]([[SLOW]])>
// CHECK-NEXT:    [[C:_[0-9]+]] = [[N]]->calls;
// CHECK-NEXT:    [[C1:_[0-9]+]] = [[C]] + 1;
// CHECK-NEXT:    [[N]]->calls = [[C1]];
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NEXT:    {{_[0-9]+}} = x_{{[0-9]+}}(D) * 3;
// CHECK-NOT:     __ccprof_tcalls
// CHECK-NOT:     __ccprof_tcc

// At -O2 the fast path is inline (the entry's address, one load of
// `to`, one compare, the count and the store) and the slow path is out
// of line in f.cold: the runtime's entry point is declared cold.
// ASM-LABEL: f:
// ASM:         movq %fs:__ccprof_current.tls@tpoff, [[P:%r[a-z0-9]+]]
// ASM:         shrq $2, %r{{[a-z0-9]+}}
// ASM-NEXT:    andl $112, %e{{[a-z0-9]+}}
// ASM-NEXT:    leaq __ccprof_tctx@tpoff(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}}), [[E:%r[a-z0-9]+]]
// ASM-NEXT:    movq 136([[E]]), [[N:%r[a-z0-9]+]]
// ASM-NEXT:    cmpq 128([[E]]), [[P]]
// ASM-NEXT:    jne
// ASM:         addq $1, ([[N]])
// ASM:         movq [[N]], %fs:__ccprof_current.tls@tpoff
// ASM:         ret
// ASM:       f.cold:
// ASM:         subq $-128, [[E]]
// ASM:         leaq 32+__ccprof_ccs(%rip), %rsi
// ASM:         call __ccprof_ctx_enter@PLT
