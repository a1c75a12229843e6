// Context mode: transitions made at the call site (transitions=call-site,
// the default; with clang a direct call of a function of the unit passes
// the callee's node from the caller's kid slot) give the same contexts
// and the same exact counts as transitions made at every entry
// (transitions=entry).  The program has what the call site must get
// right: a static callee called from two callers (two paths), a callee
// called directly and through a pointer (the pointer reaches its entry),
// direct and mutual recursion (folded), a callback from qsort (the C
// library), a longjmp out of a callee, and a callee called in a loop.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t-site %libs
// RUN: %cc -O2 %ctxflags %pluginopt-transitions=entry %s -o %t-entry %libs
// RUN: env CCPROF_OUT=%t-site.out %t-site 300
// RUN: env CCPROF_OUT=%t-entry.out %t-entry 300
// RUN: %contexts paths %t-site.out > %t-site.paths
// RUN: %contexts paths %t-entry.out > %t-entry.paths
// RUN: diff %t-entry.paths %t-site.paths
// RUN: FileCheck %s < %t-site.paths
// RUN: %contexts check %t-site.out
// CHECK:      main 1
// CHECK-NEXT: main;by_pointer 1
// CHECK-NEXT: main;by_pointer;twice 1
// CHECK-NEXT: main;caught 1
// CHECK-NEXT: main;caught;thrower 1
// CHECK-NEXT: main;even 151
// CHECK-NEXT: main;even;odd 150
// CHECK-NEXT: main;fact 301
// CHECK-NEXT: main;first 1
// CHECK-NEXT: main;first;shared 300
// CHECK-NEXT: main;second 1
// CHECK-NEXT: main;second;shared 600
// CHECK-NEXT: main;sorted 1
// CHECK-NEXT: main;sorted;compare [[#]]
// CHECK-NEXT: main;twice 1
// CHECK-EMPTY:
#include <setjmp.h>
#include <stdlib.h>

static volatile long sink;
static jmp_buf env;

__attribute__((noinline)) static long shared(long x) { return x * 3 + sink; }

__attribute__((noinline)) long first(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += shared(i);
  return s;
}

__attribute__((noinline)) long second(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += shared(i) + shared(-i);
  return s;
}

__attribute__((noinline)) long twice(long x) { return 2 * x + sink; }
long (*volatile pointer)(long) = twice;
__attribute__((noinline)) long by_pointer(long x) { return pointer(x); }

__attribute__((noinline)) long fact(int n) { return n <= 0 ? 1 : n * fact(n - 1) % 1000003; }

int odd(int n);
__attribute__((noinline)) int even(int n) { return n == 0 ? 1 : odd(n - 1); }
__attribute__((noinline)) int odd(int n) { return n == 0 ? 0 : even(n - 1); }

__attribute__((noinline)) static int compare(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
__attribute__((noinline)) void sorted(int n) {
  int *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; i++)
    v[i] = (i * 7919) % n;
  qsort(v, n, sizeof *v, compare);
  sink += v[0];
  free(v);
}

__attribute__((noinline)) void thrower(void) { longjmp(env, 1); }
__attribute__((noinline)) void caught(void) {
  if (!setjmp(env))
    thrower();
  sink++;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  sink += first(n) + second(n) + twice(n) + by_pointer(n) + fact(n);
  sink += even(n);
  sorted(n);
  caught();
  return 0;
}
