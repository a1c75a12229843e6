// A program linking a flat-mode unit with a context-mode unit works as
// docs/design.md ("Mixed flat and context units") says: the flat-mode
// function is counted in its record as in flat mode, and a context-mode
// function it calls starts a new path at the root (the flat function
// points `current` at its record, not at a context).  Every cc record
// stays exact, so the flat profile is right.
//
// REQUIRES: context-mode
// RUN: %cc -O2 -c %S/Inputs/context-mixed-flat-unit.c -o %t-flat.o
// RUN: %cc -O2 %ctxflags %s %t-flat.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %counts %t.out | FileCheck --check-prefix=FLAT %s
// RUN: %contexts check %t.out
// CHECK:      ctx_leaf 10
// CHECK-NEXT: main 1
// CHECK-NEXT: main;ctx_caller 5
// CHECK-NEXT: main;ctx_caller;ctx_leaf 5
// CHECK-EMPTY:
// FLAT:      ctx_caller 5
// FLAT-NEXT: ctx_leaf 15
// FLAT-NEXT: flat_mid 5
// FLAT-NEXT: main 1
void flat_mid(void);
static volatile int sink;
__attribute__((noinline)) void ctx_leaf(void) { sink++; }
__attribute__((noinline)) void ctx_caller(void) {
  flat_mid();
  ctx_leaf();
}
int main(void) {
  for (int i = 0; i < 5; i++)
    ctx_caller();
  return 0;
}
