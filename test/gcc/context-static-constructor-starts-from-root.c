// REQUIRES: gcc
// mode=context: a static constructor or destructor starts from the root,
// as main does: its `from` is 0, not a read of `current` (the loader or
// libc runs it, and another library's constructor may have left
// `current` at its node).  An ordinary function reads `current`.  The
// unit's own registration constructor is not instrumented.
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

void work(void);

// CHECK-LABEL: void early ()
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[P:_[0-9]+]] = 0B;
// CHECK-NEXT:    {{_[0-9]+}} = __ccprof_tctx[0];
__attribute__((constructor)) static void early(void)
{
	work();
}

// CHECK-LABEL: void late ()
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[P:_[0-9]+]] = 0B;
// CHECK-NEXT:    {{_[0-9]+}} = __ccprof_tctx[1];
__attribute__((destructor)) static void late(void)
{
	work();
}

// CHECK-LABEL: void ordinary ()
// CHECK:       <bb 2> :
// CHECK-NEXT:    [[P:_[0-9]+]] ={v} __ccprof_current;
// CHECK-NEXT:    {{_[0-9]+}} = __ccprof_tctx[2];
void ordinary(void)
{
	work();
}

// CHECK-LABEL: __ccprof_register (&__ccprof_module);
// CHECK-NOT:   __ccprof_current
