// Context mode: an exception unwinds through callees' frames without
// their exits running; the landing pad stores the catcher's node, so
// what the catcher calls afterwards is its own child, not a child of
// the function that threw.  Likewise a longjmp back into setjmp's caller
// (the reset after setjmp).
//
// REQUIRES: context-mode
// RUN: %cxx -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t0.out
// RUN: %cxx -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t2.out
// CHECK:      main 1
// CHECK-NEXT: main;catcher() 1
// CHECK-NEXT: main;catcher();after() 1
// CHECK-NEXT: main;catcher();middle() 1
// CHECK-NEXT: main;catcher();middle();thrower() 1
// CHECK-NEXT: main;jumper() 1
// CHECK-NEXT: main;jumper();after() 1
// CHECK-NEXT: main;jumper();middle_jump() 1
// CHECK-NEXT: main;jumper();middle_jump();longjumper() 1
// CHECK-EMPTY:
#include <csetjmp>
#include <stdexcept>

static volatile int sink;
static std::jmp_buf env;

__attribute__((noinline)) void thrower() { throw std::runtime_error("x"); }
__attribute__((noinline)) void middle() { thrower(); sink++; }
__attribute__((noinline)) void after() { sink++; }
__attribute__((noinline)) void catcher() {
  try {
    middle();
  } catch (const std::exception &) {
    after();
  }
}
__attribute__((noinline)) void longjumper() { std::longjmp(env, 1); }
__attribute__((noinline)) void middle_jump() { longjumper(); sink++; }
__attribute__((noinline)) void jumper() {
  if (setjmp(env) == 0)
    middle_jump();
  else
    after();
}
int main() {
  catcher();
  jumper();
  return 0;
}
