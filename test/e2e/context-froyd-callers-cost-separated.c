// Context mode, the program of Froyd, Mellor-Crummey & Fowler (2005),
// figure 1: a calls c(1) twice, b calls c(2) four times; c's cost is
// 1/n, so a and b cause the same work in c.  gprof, sharing c's time by
// call counts, gives b two thirds of it; the contexts main;a;c and
// main;b;c each get about half (within 8 points), and their calls are
// exact.
//
// REQUIRES: context-mode
// RUN: %cc -O0 -falign-loops=32 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0 16
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s -D#R=16 -D#R2=32 -D#R4=64
// RUN: %contexts balance %t0.out 'main;a;c' 'main;b;c' --tol 8
// RUN: %contexts check %t0.out
// RUN: %cc -O2 -falign-loops=32 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2 64
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s -D#R=64 -D#R2=128 -D#R4=256
// RUN: %contexts balance %t2.out 'main;a;c' 'main;b;c' --tol 8
// RUN: %contexts check %t2.out
// CHECK:      main 1
// CHECK-NEXT: main;a [[#R]]
// CHECK-NEXT: main;a;c [[#R2]]
// CHECK-NEXT: main;b [[#R]]
// CHECK-NEXT: main;b;c [[#R4]]
// CHECK-EMPTY:
#include "e2e_work.h"
void c(int n) { SPIN(UNIT / n); }
void b(void (*f)(int)) { f(2); f(2); f(2); f(2); }
void a(void (*f)(int)) { f(1); f(1); }
int main(int argc, char **argv) {
  for (int r = 0; r < ROUNDS(argc, argv); r++) {
    a(c);
    b(c);
  }
  return 0;
}
