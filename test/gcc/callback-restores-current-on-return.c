// REQUIRES: gcc
// A profiled function whose address is taken in the unit (cb, in a
// table: a callback, a signal handler, a virtual function) puts
// `current` back as it found it when it returns: flat mode reads it on
// entry, before its own store, context mode keeps the `from` it read, and
// each stores that value before every return.  With transitions at the
// call site (context mode's default) that is the entry's, after its call
// of the body, which direct callers use and which restores nothing.  A
// function called only directly (direct) does nothing of the kind.  Nor
// does an address-taken function with a call in tail position of what
// may run profiled code (tail_cb): that call stays a jump (a loop of tail
// calls through a table must not grow the stack).  A tail call of what
// cannot move `current` (strlen_cb: strlen) is followed by the store.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=FLAT
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=entry -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=ENTRY
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=SITE

int ext(int);

int cb(int x)
{
	return ext(x) + 1;
}

int direct(int x)
{
	return ext(x) + 1;
}

int tail_cb(int x)
{
	return ext(x);
}

unsigned long strlen_cb(const char *s)
{
	return __builtin_strlen(s);
}

int (*table[2])(int) = {cb, tail_cb};
unsigned long (*other)(const char *) = strlen_cb;

int user(int x)
{
	return direct(cb(x));
}

// FLAT-LABEL: int cb (int x)
// FLAT:         [[F:_[0-9]+]] ={v} __ccprof_current;
// FLAT:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// FLAT:         __ccprof_current ={v} [[F]];
// FLAT-NEXT:    return
// FLAT-LABEL: int tail_cb (int x)
// FLAT-NOT:     ={v} __ccprof_current;
// FLAT:         = ext (x_{{[0-9]+}}(D)); [tail call]
// FLAT-NEXT:    return
// FLAT-LABEL: long unsigned int strlen_cb (const char * s)
// FLAT:         [[S:_[0-9]+]] ={v} __ccprof_current;
// FLAT:         = __builtin_strlen (s_{{[0-9]+}}(D));
// FLAT-NEXT:    __ccprof_current ={v} [[S]];
// FLAT-NEXT:    return
// FLAT-LABEL: int direct (int x)
// FLAT-NOT:     ={v} __ccprof_current;
// FLAT:         return

// ENTRY-LABEL: int cb (int x)
// ENTRY:         [[F:_[0-9]+]] ={v} __ccprof_current;
// ENTRY:         = ext (
// ENTRY:         __ccprof_current ={v} [[F]];
// ENTRY-NEXT:    return
// ENTRY-LABEL: int direct (int x)
// ENTRY:         = ext (
// ENTRY-NEXT:    __ccprof_current ={v}
// ENTRY-NOT:     __ccprof_current
// ENTRY:         return

// SITE-LABEL: int cb.ccprof.0 (int x,
// SITE:         = ext.ccprof.site.gcc.{{[0-9a-f]+}} (
// SITE-NEXT:    __ccprof_current ={v}
// SITE-NOT:     __ccprof_current
// SITE:         return
// SITE-LABEL: int cb (int x)
// SITE:         [[F:_[0-9]+]] ={v} __ccprof_current;
// SITE:         = cb.ccprof.0 (
// SITE-NEXT:    __ccprof_current ={v} [[F]];
// SITE-NEXT:    return
