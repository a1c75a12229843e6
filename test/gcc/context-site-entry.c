// REQUIRES: gcc
// mode=context, transitions=call-site, in an executable (PIE, Debian's
// default): calls across units.  An exported function (callee) gets a
// body and a hidden site entry, callee.ccprof.site.gcc.DIGEST (x, from,
// k), made from its forwarder: it loads the node from the caller's kid
// slot k (from + 8 * k + 32; the slow path __ccprof_ctx_kid with k in a
// register on first use), counts it and tail-calls the body with it.  A
// direct call of a function only declared here (remote) becomes a call
// of remote's site entry with the caller's node and a slot of its own
// (both calls of remote share it: caller's descriptor has 1 << 16), and
// the unit defines that site entry too, weak and hidden, in top-level
// assembly, as a jump to remote: the fallback the link keeps when
// remote's unit has none.  Left alone: builtins (strlen, printf), a
// noreturn declaration; with -fPIC (a shared object) or
// transitions=entry, no site entries at all.
//
// leaf-size=0: the functions here are tiny leaves, which store no node
// (context-tiny-leaf-counts-without-current.c).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-inline -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -fPIC -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-transitions=entry -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o - | FileCheck %s --check-prefix=NONE

#include <stdio.h>
#include <string.h>

int remote(int x, const char *s);
void fail(int) __attribute__((noreturn));

int callee(int x)
{
	return x * 3;
}

int caller(int x, const char *s)
{
	int a = remote(x, s);
	int n = (int) strlen(s);
	printf("%s", s);
	int b = remote(a + n, s);
	if (b == 0)
		fail(b);
	return b;
}

// CHECK:       int caller.ccprof.0 (int x, const char * s, void * [[N:SYNTH.[0-9]+]])
// CHECK:         a_{{[0-9]+}} = remote.ccprof.site.gcc.[[RD:[0-9a-f]+]] (x_{{[0-9]+}}(D), s_{{[0-9]+}}(D), [[N]]_[[NV:[0-9]+]](D), 0);
// CHECK-NEXT:    __ccprof_current ={v} [[N]]_[[NV]](D);
// CHECK-NEXT:    _{{[0-9]+}} = strlen (s_{{[0-9]+}}(D));
// CHECK:         printf ("%s", s_{{[0-9]+}}(D));
// CHECK:         b_{{[0-9]+}} = remote.ccprof.site.gcc.[[RD]] (_{{[0-9]+}}, s_{{[0-9]+}}(D), [[N]]_[[NV]](D), 0);
// CHECK:         fail (0);
// CHECK:       int callee.ccprof_site.{{[0-9]+}} (int x, void * [[F:SYNTH.[0-9]+]], long unsigned int [[K:SYNTH.[0-9]+]])
// CHECK:         [[S:_[0-9]+]] = [[K]]_{{[0-9]+}}(D) * 8;
// CHECK-NEXT:    [[P:_[0-9]+]] = [[F]]_{{[0-9]+}}(D) + [[S]];
// CHECK-NEXT:    [[C:_[0-9]+]] = MEM[(struct  * *)[[P]] + 32B];
// CHECK-NEXT:    if ([[C]] != 0B)
// CHECK:         call __ccprof_ctx_kid@PLT
// CHECK:         "r" &__ccprof_ccs[0], "r" &__ccprof_tctx[0], "r" [[K]]_{{[0-9]+}}(D) :
// CHECK:         # [[E:_[0-9]+]] = PHI <[[C]](2), _{{[0-9]+}}(3)>
// CHECK:         [[E]]->calls = _{{[0-9]+}};
// CHECK-NEXT:    _{{[0-9]+}} = callee.ccprof.0 (x_{{[0-9]+}}(D), [[E]]); [tail call]
// The fallback, the calls, callee's site entry, the descriptors: callee
// no slots, caller one.
// ASM:         .weak remote.ccprof.site.gcc.[[RD:[0-9a-f]+]]
// ASM-NEXT:    .hidden remote.ccprof.site.gcc.[[RD]]
// ASM-NEXT:    .type remote.ccprof.site.gcc.[[RD]], @function
// ASM-NEXT:  remote.ccprof.site.gcc.[[RD]]:
// ASM-NEXT:    jmp remote@PLT
// ASM:         call remote.ccprof.site.gcc.[[RD]]
// ASM:         .globl callee.ccprof.site.gcc.{{[0-9a-f]+}}
// ASM-NEXT:    .hidden callee.ccprof.site.gcc.{{[0-9a-f]+}}
// ASM:       __ccprof_ccs:
// ASM:         .long 0
// ASM:         .long 65536
// ASM-NOT:     strlen.ccprof.site
// ASM-NOT:     fail.ccprof.site

// NONE-NOT: .ccprof.site
