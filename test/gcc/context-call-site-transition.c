// REQUIRES: gcc
// mode=context, transitions=call-site (the default): a function of the
// unit called directly (leaf, mid) gets a body (leaf, static and
// called only directly, is then only that), a local copy
// NAME.ccprof.N made before it is instrumented, with one more parameter,
// its node, which it only points `current` at.  A direct call from a
// profiled function's body (mid.ccprof.0) or from a function with no body
// (outer) loads the callee's node from the caller's kid slot for that
// call site, at node + 32 + 8 * slot; when the slot is empty the slow
// path __ccprof_ctx_kid(node, &__ccprof_ccs[j], &__ccprof_tctx[j], slot)
// (an asm statement: four operands in any registers) makes and stores
// it.  The caller counts the call in that node and calls the body with
// it.  A slot is per callee cost centre, not per call site: mid's two
// calls of leaf share slot 0.  The function itself (mid), for calls
// through pointers and from other units, keeps only the entry
// transition and a call of its body with its node (then, its address
// being taken, it puts back the `current` it found:
// callback-restores-current-on-return.c); the call through a pointer
// stays as it was.  The descriptors say how many kid slots each cost
// centre's nodes have (flags >> 16): mid 1, outer 1.  With
// transitions=entry there is no body.
//
// outer, exported, gets a body too, for its site entry (calls from other
// units; context-site-entry.c).
//
// leaf-size=0: the functions here are tiny leaves, which store no node
// (context-tiny-leaf-counts-without-current.c).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o - | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-transitions=entry -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o - | FileCheck %s --check-prefix=ENTRY

static int leaf(int x)
{
	return x * 7;
}

__attribute__((noinline)) int mid(int x)
{
	return leaf(x) + leaf(x + 1);
}

int (*pointer)(int) = mid;

int outer(int x)
{
	return mid(x) + pointer(x);
}

// CHECK:       int leaf.ccprof.0 (int x, void * [[LN:SYNTH.[0-9]+]])
// CHECK:         __ccprof_current ={v} [[LN]]_{{[0-9]+}}(D);
// CHECK-NEXT:    _{{[0-9]+}} = x_{{[0-9]+}}(D) * 7;
// CHECK:       int mid.ccprof.0 (int x, void * [[MN:SYNTH.[0-9]+]])
// CHECK:         __ccprof_current ={v} [[MN]]_[[MV:[0-9]+]](D);
// CHECK-NEXT:    [[K0:_[0-9]+]] = MEM[(struct  * *)[[MN]]_[[MV]](D) + 32B];
// CHECK-NEXT:    if ([[K0]] != 0B)
// CHECK:         call __ccprof_ctx_kid@PLT
// CHECK:         : "r" [[MN]]_[[MV]](D), "r" &__ccprof_ccs[0], "r" &__ccprof_tctx[0], "r" 0 :
// CHECK:         # [[C0:_[0-9]+]] = PHI <[[K0]](2), _{{[0-9]+}}(3)>
// CHECK-NEXT:    [[A:_[0-9]+]] = [[C0]]->calls;
// CHECK-NEXT:    [[B:_[0-9]+]] = [[A]] + 1;
// CHECK-NEXT:    [[C0]]->calls = [[B]];
// CHECK-NEXT:    _{{[0-9]+}} = leaf.ccprof.0 (x_{{[0-9]+}}(D), [[C0]]);
// CHECK:         MEM[(struct  * *)[[MN]]_[[MV]](D) + 32B];
// CHECK:         "r" &__ccprof_tctx[0], "r" 0 :
// CHECK:         leaf.ccprof.0 (_{{[0-9]+}}, _{{[0-9]+}});
// CHECK-LABEL: int mid (int x)
// CHECK:         [[MF:_[0-9]+]] ={v} __ccprof_current;
// CHECK:         = __ccprof_tctx[1];
// CHECK:         # [[MIDN:_[0-9]+]] = PHI <
// CHECK-NOT:     __ccprof_current ={v}
// CHECK:         [[R:_[0-9]+]] = mid.ccprof.0 (x_{{[0-9]+}}(D), [[MIDN]]);
// CHECK-NEXT:    __ccprof_current ={v} [[MF]];
// CHECK-NEXT:    return [[R]];
// CHECK:       int outer.ccprof.0 (int x, void * [[ON:SYNTH.[0-9]+]])
// CHECK:         __ccprof_current ={v} [[ON]]_[[OV:[0-9]+]](D);
// CHECK:         MEM[(struct  * *)[[ON]]_[[OV]](D) + 32B];
// CHECK:         "r" &__ccprof_tctx[1], "r" 0 :
// CHECK:         mid.ccprof.0 (x_{{[0-9]+}}(D), _{{[0-9]+}});
// CHECK-NEXT:    __ccprof_current ={v} [[ON]]_[[OV]](D);
// CHECK:         = pointer.0_{{[0-9]+}} (x_{{[0-9]+}}(D));
// CHECK-LABEL: int outer (int x)
// CHECK:         __ccprof_ctx_enter@PLT
// CHECK:         outer.ccprof.0 (x_{{[0-9]+}}(D), _{{[0-9]+}}); [tail call]
// The descriptors: leaf's line and flags (no slots), mid's, outer's.
// CHECK:       __ccprof_ccs:
// CHECK:         .long 65536
// CHECK:         .long 65536

// ENTRY-NOT: .ccprof.0
// ENTRY-NOT: __ccprof_ctx_kid
