// The flat profile derived from context mode (each cost centre's calls
// summed over its contexts) equals flat mode's, name for name and call
// for call, and the cc records of the context profile say the same (the
// runtime writes them as those sums), at -O0 and -O2: recursion, mutual
// recursion, calls through pointers, a qsort callback, a static helper.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %s -o %t0f %libs
// RUN: %cc -O0 %ctxflags %s -o %t0c %libs
// RUN: env CCPROF_OUT=%t0f.out %t0f
// RUN: env CCPROF_OUT=%t0c.out %t0c
// RUN: %counts %t0f.out > %t0f.flat
// RUN: %contexts flat %t0c.out > %t0c.derived
// RUN: %counts %t0c.out > %t0c.records
// RUN: diff %t0f.flat %t0c.derived
// RUN: diff %t0f.flat %t0c.records
// RUN: %contexts check %t0c.out
// RUN: FileCheck %s < %t0f.flat
// RUN: %cc -O2 %s -o %t2f %libs
// RUN: %cc -O2 %ctxflags %s -o %t2c %libs
// RUN: env CCPROF_OUT=%t2f.out %t2f
// RUN: env CCPROF_OUT=%t2c.out %t2c
// RUN: %counts %t2f.out > %t2f.flat
// RUN: %contexts flat %t2c.out > %t2c.derived
// RUN: %counts %t2c.out > %t2c.records
// RUN: diff %t2f.flat %t2c.derived
// RUN: diff %t2f.flat %t2c.records
// RUN: %contexts check %t2c.out
// RUN: FileCheck %s < %t2f.flat
// CHECK:      by_key {{[1-9][0-9]*}}
// CHECK-NEXT: even 1001
// CHECK-NEXT: fib 21891
// CHECK-NEXT: leaf 200
// CHECK-NEXT: main 1
// CHECK-NEXT: odd 1000
// CHECK-NEXT: twice 100
#include <stdlib.h>
static volatile long sink;

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int odd(int n);
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
static void leaf(int i) { sink += i; }
void twice(void (*f)(int), int i) { f(i); f(i + 1); }
int by_key(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

int main(void) {
  int v[64];
  for (int i = 0; i < 64; i++)
    v[i] = (i * 37) % 64;
  qsort(v, 64, sizeof *v, by_key);
  sink += fib(20) + even(1000) + odd(999);
  for (int i = 0; i < 100; i++)
    twice(leaf, i);
  sink += by_key(&v[0], &v[1]) + by_key(&v[1], &v[0]);
  return 0;
}
