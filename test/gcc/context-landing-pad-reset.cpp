// REQUIRES: gcc
// mode=context: an exception may arrive from any callee's frame, so
// every EH landing pad that runs code starts by storing the function's
// node (the SSA name its entry defined) into `current`, catch handlers
// and cleanups alike.  The node stays available on the EH path at -O2.
//
// At -O2 with transitions=entry: the call-site form is
// context-call-site-transition.c (and the site entries of exported
// functions, context-site-entry.c).
// RUN: %gxx -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s
// RUN: %gxx -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=entry -O2 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=O2

int may_throw(int);
struct Guard {
	~Guard();
};

int catcher(int n)
{
	try {
		return may_throw(n) + 1;
	} catch (int e) {
		return e;
	}
}
// CHECK-LABEL: int catcher (int n)
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         {{_[0-9]+}} = may_throw (n_{{[0-9]+}}(D));
// CHECK-EMPTY:
// CHECK-NEXT:  <bb {{[0-9]+}}> :
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// The pad (EH lowering has turned it into a filter test by now):
// CHECK:         __ccprof_current ={v} [[N]];
// CHECK-NEXT:    {{_[0-9]+}} = __builtin_eh_filter
// CHECK:         {{_[0-9]+}} = __cxa_begin_catch

// O2-LABEL: int catcher (int n)
// O2:         # [[N:[_a-z.0-9]+]] = PHI <
// O2:         may_throw (n_{{[0-9]+}}(D));
// O2:         __ccprof_current ={v} [[N]];
// O2:         __builtin_eh_filter
// O2-NOT:     __ccprof_current ={v} &
// O2:         __cxa_begin_catch
// O2:       {{^}$}}

int cleanup(int n)
{
	Guard g;
	return may_throw(n);
}
// CHECK-LABEL: int cleanup (int n)
// CHECK:         # [[N:_[0-9]+]] = PHI <
// CHECK:         {{_[0-9]+}} = may_throw (n_{{[0-9]+}}(D));
// CHECK:         __ccprof_current ={v} [[N]];
// CHECK:         Guard::~Guard (&g);
// CHECK:       <L{{[0-9]+}}>:
// CHECK:       <L{{[0-9]+}}>:
// CHECK-NEXT:    __ccprof_current ={v} [[N]];
// CHECK-NEXT:    Guard::~Guard (&g);
// CHECK:         __builtin_unwind_resume
