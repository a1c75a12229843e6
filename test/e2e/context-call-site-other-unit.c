// Context mode: direct calls of functions of another unit of the
// executable (site entries, transitions=call-site with clang) give the
// same contexts and exact counts as transitions made at every entry, and
// the same whatever the callee's unit was built with: transitions at the
// call site (its site entries replace the caller's weak fallbacks),
// transitions at the entry (no site entries: the fallbacks call the
// callee's entry), or no plugin at all (an unprofiled function: charged
// to the caller, as a plain call).  Calls cover a callee called from two
// callers in a loop, a callee that calls back into this unit (mutual
// recursion across units, folded), a struct passed by value, and a call
// through a pointer (the entry).
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags -c %S/Inputs/context-other-unit-callee.c -o %t-callee-site.o
// RUN: %cc -O2 %ctxflags %pluginopt-transitions=entry -c %S/Inputs/context-other-unit-callee.c -o %t-callee-entry.o
// RUN: %plain_cc -O2 -c %S/Inputs/context-other-unit-plain.c -o %t-plain.o
// RUN: %cc -O2 %ctxflags -c %s -o %t-main-site.o
// RUN: %cc -O2 %ctxflags %pluginopt-transitions=entry -c %s -o %t-main-entry.o
// RUN: %cc %t-main-site.o %t-callee-site.o %t-plain.o -o %t-site %libs
// RUN: %cc %t-main-site.o %t-callee-entry.o %t-plain.o -o %t-mixed %libs
// RUN: %cc %t-main-entry.o %t-callee-entry.o %t-plain.o -o %t-entry %libs
// RUN: env CCPROF_OUT=%t-site.out %t-site 200 | FileCheck --check-prefix=OUT %s
// RUN: env CCPROF_OUT=%t-mixed.out %t-mixed 200 | FileCheck --check-prefix=OUT %s
// RUN: env CCPROF_OUT=%t-entry.out %t-entry 200 | FileCheck --check-prefix=OUT %s
// RUN: %contexts paths %t-site.out > %t-site.paths
// RUN: %contexts paths %t-mixed.out > %t-mixed.paths
// RUN: %contexts paths %t-entry.out > %t-entry.paths
// RUN: diff %t-entry.paths %t-site.paths
// RUN: diff %t-entry.paths %t-mixed.paths
// RUN: FileCheck %s < %t-site.paths
// RUN: %contexts check %t-site.out
// OUT: 300310
// CHECK:      main 1
// CHECK-NEXT: main;back 11
// CHECK-NEXT: main;back;ping 11
// CHECK-NEXT: main;by_pointer 1
// CHECK-NEXT: main;by_pointer;leaf 1
// CHECK-NEXT: main;first 1
// CHECK-NEXT: main;first;leaf 200
// CHECK-NEXT: main;first;middle 200
// CHECK-NEXT: main;first;middle;leaf 400
// CHECK-NEXT: main;second 1
// CHECK-NEXT: main;second;leaf 400
// CHECK-NEXT: main;second;sum3 200
// CHECK-EMPTY:
#include <stdio.h>
#include <stdlib.h>

struct pair { long a, b, c; };
long leaf(long x);
long middle(long x);
long ping(long n);
long sum3(struct pair p, long k);
long plain_twice(long x);
extern long (*volatile leaf_pointer)(long);

volatile long sink;

__attribute__((noinline)) long back(long n) { return ping(n); }

__attribute__((noinline)) long first(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += leaf(i) + middle(i) + plain_twice(i);
  return s;
}

__attribute__((noinline)) long second(int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    struct pair p = {i, i + 1, i + 2};
    s += leaf(i) + leaf(-i) + sum3(p, i);
  }
  return s;
}

__attribute__((noinline)) long by_pointer(long x) { return leaf_pointer(x); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  printf("%ld\n", first(n) + second(n) + back(10) + by_pointer(n));
  return 0;
}
