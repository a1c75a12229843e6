// Context mode: an exception thrown by a function of another unit,
// called directly (through its site entry, or the caller's weak fallback
// when that unit has none), reaches the caller's catch; the contexts and
// counts are those of transitions made at the entry.
//
// REQUIRES: context-mode
// RUN: %cxx -O2 %ctxflags -c %S/Inputs/context-other-unit-thrower.cpp -o %t-site.o
// RUN: %plain_cxx -O2 -c %S/Inputs/context-other-unit-thrower.cpp -o %t-plain.o
// RUN: %cxx -O2 %ctxflags -c %s -o %t-main.o
// RUN: %cxx -O2 %ctxflags %pluginopt-transitions=entry -c %s -o %t-main-entry.o
// RUN: %cxx %t-main.o %t-site.o -o %t-site %libs
// RUN: %cxx %t-main.o %t-plain.o -o %t-plain %libs
// RUN: %cxx %t-main-entry.o %t-site.o -o %t-entry %libs
// RUN: env CCPROF_OUT=%t-site.out %t-site 30 | FileCheck --check-prefix=OUT %s
// RUN: env CCPROF_OUT=%t-plain.out %t-plain 30 | FileCheck --check-prefix=OUT %s
// RUN: env CCPROF_OUT=%t-entry.out %t-entry 30 | FileCheck --check-prefix=OUT %s
// RUN: %contexts paths %t-site.out > %t-site.paths
// RUN: %contexts paths %t-entry.out > %t-entry.paths
// RUN: diff %t-entry.paths %t-site.paths
// RUN: FileCheck %s < %t-site.paths
// RUN: %contexts paths %t-plain.out | FileCheck --match-full-lines --check-prefix=PLAIN %s
// OUT: caught 10 sum 2340
// CHECK:      main 1
// CHECK-NEXT: main;run(int) 1
// CHECK-NEXT: main;run(int);thrower(long, long, long, long, long, long, long, long) 30
// CHECK-EMPTY:
// PLAIN:      main 1
// PLAIN-NEXT: main;run(int) 1
// PLAIN-EMPTY:
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

long thrower(long a, long b, long c, long d, long e, long f, long g, long h);

__attribute__((noinline)) void run(int n) {
  int caught = 0;
  long sum = 0;
  for (int i = 0; i < n; i++) {
    try {
      sum += thrower(i, i, i, i, i, i, i, i + 1);
    } catch (const std::runtime_error &) {
      caught++;
    }
  }
  std::printf("caught %d sum %ld\n", caught, sum);
}

int main(int argc, char **argv) {
  run(argc > 1 ? std::atoi(argv[1]) : 3);
  return 0;
}
