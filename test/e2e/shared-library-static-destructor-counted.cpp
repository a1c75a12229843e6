// A shared library's C++ static destructors run at exit from its
// __do_global_dtors_aux (__cxa_finalize), after the destructors of
// default priority, among them, until now, the module's own, which
// takes its counts: in flat mode the calls they made came too late and
// were lost (~Reg() 0 calls; libgmock's ~MockObjectRegistry() in
// fmtlib's tests), while context mode, whose nodes the runtime owns,
// counted them.  The module destructor now runs last (priority 101):
// ~Reg() is counted, in both modes.
//
// RUN: %cxx -O1 -DBUILD_LIB -shared -fPIC %s -o %t-lib.so %libs
// RUN: %cxx -O1 %s -o %t %t-lib.so -Wl,-rpath,$(dirname %t) %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
// RUN: %cxx %ctxflags -O1 -DBUILD_LIB -shared -fPIC %s -o %t-ctx-lib.so %libs
// RUN: %cxx %ctxflags -O1 %s -o %t-ctx %t-ctx-lib.so -Wl,-rpath,$(dirname %t) %libs
// RUN: env CCPROF_OUT=%t-ctx.out %t-ctx
// RUN: %counts %t-ctx.out | FileCheck %s
// CHECK-DAG: Reg::Reg() 1
// CHECK-DAG: Reg::~Reg() 1
// CHECK-DAG: use() 1
// CHECK-DAG: main 1
#ifdef BUILD_LIB
struct Reg {
  Reg();
  ~Reg();
  int n;
};
__attribute__((noinline)) Reg::Reg() : n(1) {}
__attribute__((noinline)) Reg::~Reg() { n = 0; }
Reg g_reg;
int use() { return g_reg.n; }
#else
int use();
int main() { return use() - 1; }
#endif
