// Context mode, Spivey's (2004) shape main -> (P -> Q -> R)^n -> P -> S
// with n = 5000: mutual recursion folds (R calling P goes back to the P
// node under main), so the tree has five contexts however deep the
// recursion, and every count is exact.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0 5000
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s
// RUN: %contexts count %t0.out | FileCheck %s --check-prefix=COUNT
// RUN: %contexts check %t0.out
// RUN: rm -f %t0.db
// RUN: %report --db %t0.db %t0.out --sql 'SELECT count(*), sum(calls) FROM contexts' | FileCheck %s --check-prefix=SQL
// RUN: %cc -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2 5000
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s
// RUN: %contexts count %t2.out | FileCheck %s --check-prefix=COUNT
// RUN: %contexts check %t2.out
// CHECK:      main 1
// CHECK-NEXT: main;P 5001
// CHECK-NEXT: main;P;Q 5000
// CHECK-NEXT: main;P;Q;R 5000
// CHECK-NEXT: main;P;S 1
// CHECK-EMPTY:
// COUNT: 5
// SQL: {{^ *}}5 {{ *}}15003{{$}}
#include <stdlib.h>
static volatile int sink;
void P(int n);
void S(void) { sink++; }
void R(int n) { P(n - 1); sink++; }
void Q(int n) { R(n); sink++; }
void P(int n) {
  if (n > 0)
    Q(n);
  else
    S();
  sink++;
}
int main(int argc, char **argv) {
  P(argc > 1 ? atoi(argv[1]) : 3);
  return 0;
}
