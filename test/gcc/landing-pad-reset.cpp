// REQUIRES: gcc
// An exception may arrive from any callee's frame, so every EH landing
// pad that runs code starts by pointing `current` back at the function:
// catch handlers and cleanups (destructor calls) alike.  A pad left with
// nothing but the end of locals' lifetimes (clobbers) and a resume gets
// none, and does not stop the call before it from being a tail call.
//
// RUN: %gxx -fplugin=%gcc_plugin -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s

int may_throw(int);
struct Guard {
	~Guard();
};
struct Buf {
	int v[8];
};
void use(Buf *);

int catcher(int n)
{
	try {
		return may_throw(n) + 1;
	} catch (int e) {
		return e;
	}
}
// CHECK-LABEL: int catcher (int n)
// CHECK:         {{_[0-9]+}} = may_throw (n_{{[0-9]+}}(D));
// CHECK-EMPTY:
// CHECK-NEXT:  <bb {{[0-9]+}}> :
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// The pad (EH lowering has turned it into a filter test by now):
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    {{_[0-9]+}} = __builtin_eh_filter
// CHECK:         {{_[0-9]+}} = __cxa_begin_catch

int cleanup(int n)
{
	Guard g;
	return may_throw(n);
}
// The normal path: the destructor runs after the call, so it is no tail
// call; the EH path: the pad calls the destructor too.
// CHECK-LABEL: int cleanup (int n)
// CHECK:         {{_[0-9]+}} = may_throw (n_{{[0-9]+}}(D));
// CHECK:         __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         Guard::~Guard (&g);
// CHECK:       <L{{[0-9]+}}>:
// CHECK:       <L{{[0-9]+}}>:
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK-NEXT:    Guard::~Guard (&g);
// CHECK:         __builtin_unwind_resume

int lifetime_only(int n)
{
	Buf b;
	use(&b);
	return may_throw(n);
}
// CHECK-LABEL: int lifetime_only (int n)
// CHECK:         use (&b);
// CHECK-NEXT:    __asm__ __volatile__("movq $__ccprof_tcc+{{[0-9]+}}@tpoff, %0" : "=m" __ccprof_current);
// CHECK:         {{_[0-9]+}} = may_throw (n_{{[0-9]+}}(D));
// CHECK-NOT:     __ccprof_current
// CHECK:       {{^}$}}
