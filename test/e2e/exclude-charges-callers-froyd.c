// The program of Froyd, Mellor-Crummey & Fowler (2005), figure 1, with `c`
// excluded: c's time goes to whoever called it, in proportion to what each
// caused.  a makes 2 calls of c(1), b makes 4 calls of c(2): the same work,
// so a and b each get half of c's time.  gprof would give b two thirds.
//
// RUN: %cc -O0 %pluginopt-exclude=c %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %shares %t0.out --balance a,b --tol 5
// RUN: %counts %t0.out | FileCheck %s
// RUN: %cc -O2 %pluginopt-exclude=c %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %shares %t2.out --balance a,b --tol 5
// RUN: %counts %t2.out | FileCheck %s
// CHECK-NOT: {{^c }}
// CHECK: a 1
// CHECK-NEXT: b 1
// CHECK-NEXT: d 268435456
// CHECK-NEXT: main 1
#define HUGE (1 << 26)
void d() {}
void c(int n) { int i; for(i=0; i<HUGE/n; ++i) d(); }
void b(void (*f)(int)) { f(2); f(2); f(2); f(2); }
void a(void (*f)(int)) { f(1); f(1); }
int main() { a(c); b(c); return 0; }
