// REQUIRES: gcc
// mode=context: a function of another unit (g) called from several
// functions of this one gets one fallback site entry, defined once in
// top-level assembly, however much garbage GCC collects between the
// calls.  The map from site-entry symbol to its declaration kept a
// key in collected memory: after GCC's first collection (here forced
// after every pass, --param ggc-min-expand=0 ggc-min-heapsize=0; in a
// large C++ unit, fmtlib's format-test.cc, at its own pace) the next
// call of g no longer found its entry, the fallback was defined again
// and the assembler stopped: "symbol `g.ccprof.site.gcc.<digest>' is
// already defined".
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 --param ggc-min-expand=0 --param ggc-min-heapsize=0 -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: %gcc -c %t.s -o %t.o
// CHECK:     {{^}}g.ccprof.site.gcc.{{[0-9a-f]+}}:
// CHECK-NOT: {{^}}g.ccprof.site.gcc.{{[0-9a-f]+}}:

int g(int);

int f1(int x) { return g(x) + 1; }
int f2(int x) { return g(x) + 2; }
int f3(int x) { return g(x) + 3; }

int main(void) { return f1(0) + f2(0) + f3(0) - 6; }
