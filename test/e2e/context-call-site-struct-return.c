// Context mode: functions returning structures, in memory (big: GCC
// keeps its own code beside its body, the two sharing kid slots) and in
// registers (pair), called directly from two callers and through a
// pointer, give the same contexts and exact counts with transitions at
// the call site as at the entry.  big calls leaf at two sites and pair
// once: the slots per callee cost centre (GCC) and per site (clang)
// must keep the two callees apart.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t-site %libs
// RUN: %cc -O2 %ctxflags %pluginopt-transitions=entry %s -o %t-entry %libs
// RUN: env CCPROF_OUT=%t-site.out %t-site 100 | FileCheck --check-prefix=OUT %s
// RUN: env CCPROF_OUT=%t-entry.out %t-entry 100 | FileCheck --check-prefix=OUT %s
// RUN: %contexts paths %t-site.out > %t-site.paths
// RUN: %contexts paths %t-entry.out > %t-entry.paths
// RUN: diff %t-entry.paths %t-site.paths
// RUN: FileCheck %s < %t-site.paths
// RUN: %contexts check %t-site.out
// OUT: 1015953
// CHECK:      main 1
// CHECK-NEXT: main;by_pointer 1
// CHECK-NEXT: main;by_pointer;big 1
// CHECK-NEXT: main;by_pointer;big;leaf 2
// CHECK-NEXT: main;by_pointer;big;pair 1
// CHECK-NEXT: main;by_pointer;big;pair;leaf 1
// CHECK-NEXT: main;first 1
// CHECK-NEXT: main;first;big 100
// CHECK-NEXT: main;first;big;leaf 200
// CHECK-NEXT: main;first;big;pair 100
// CHECK-NEXT: main;first;big;pair;leaf 100
// CHECK-NEXT: main;second 1
// CHECK-NEXT: main;second;big 200
// CHECK-NEXT: main;second;big;leaf 400
// CHECK-NEXT: main;second;big;pair 200
// CHECK-NEXT: main;second;big;pair;leaf 200
// CHECK-NEXT: main;second;pair 100
// CHECK-NEXT: main;second;pair;leaf 100
// CHECK-EMPTY:
#include <stdio.h>
#include <stdlib.h>

struct big { long v[8]; };
struct pair { long a, b; };
static volatile long sink;

__attribute__((noinline)) static long leaf(long x) { return x + sink; }

__attribute__((noinline)) static struct pair pair(long x) {
  struct pair p = {leaf(x), x};
  return p;
}

__attribute__((noinline)) static struct big big(long x) {
  struct big b;
  for (int i = 0; i < 8; i++)
    b.v[i] = x + i;
  b.v[0] += leaf(x) + leaf(-x);
  b.v[7] += pair(x).b;
  return b;
}

struct big (*volatile pointer)(long) = big;

__attribute__((noinline)) long first(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += big(i).v[7];
  return s;
}

__attribute__((noinline)) long second(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += big(i).v[1] + big(-i).v[2] + pair(i).a;
  return s;
}

__attribute__((noinline)) long by_pointer(long x) { return pointer(x).v[3]; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  printf("%ld\n", first(n) + second(n) + by_pointer(n) + 1000000);
  return 0;
}
