// Context mode, Hall & Goldberg's (1993) shape: one sorting helper,
// sort_by, calls qsort (unprofiled: the C library), reached from two
// places with very different costs, sort_few and sort_many.  The
// comparator runs as a callback of qsort, where `current` still holds
// sort_by's context, so its calls are counted per path, exactly: the
// counts the program counted itself.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0 > %t0.counted
// RUN: %contexts paths %t0.out | cat %t0.counted - | FileCheck %s
// RUN: %contexts check %t0.out
// RUN: %cc -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2 > %t2.counted
// RUN: %contexts paths %t2.out | cat %t2.counted - | FileCheck %s
// RUN: %contexts check %t2.out
// CHECK:      few [[#FEW:]]
// CHECK-NEXT: many [[#MANY:]]
// CHECK-NEXT: main 1
// CHECK-NEXT: main;sort_few 1
// CHECK-NEXT: main;sort_few;random_ints 1
// CHECK-NEXT: main;sort_few;sort_by 1
// CHECK-NEXT: main;sort_few;sort_by;compare [[#FEW]]
// CHECK-NEXT: main;sort_many 1
// CHECK-NEXT: main;sort_many;random_ints 1
// CHECK-NEXT: main;sort_many;sort_by 1
// CHECK-NEXT: main;sort_many;sort_by;compare [[#MANY]]
// CHECK-EMPTY:
#include <stdio.h>
#include <stdlib.h>

static unsigned long compared;	/* the program's own count */

int compare(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  compared++;
  return (x > y) - (x < y);
}

void sort_by(int *v, size_t n) { qsort(v, n, sizeof *v, compare); }

static int *random_ints(size_t n) {
  int *v = malloc(n * sizeof *v);
  unsigned s = 12345;
  for (size_t i = 0; i < n; i++)
    v[i] = (int)((s = s * 1103515245u + 12345u) >> 8);
  return v;
}

void sort_few(void) { sort_by(random_ints(10), 10); }
void sort_many(void) { sort_by(random_ints(200000), 200000); }

int main(void) {
  unsigned long before;
  sort_few();
  printf("few %lu\n", compared);
  before = compared;
  sort_many();
  printf("many %lu\n", compared - before);
  return 0;
}
