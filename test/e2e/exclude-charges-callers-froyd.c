// The program of Froyd, Mellor-Crummey & Fowler (2005), figure 1, with `c`
// excluded: c's time goes to whoever called it, in proportion to what each
// caused.  a makes 2 calls of c(1), b makes 4 calls of c(2): the same work,
// so a and b each get half of c's time.  gprof would give b two thirds.
// The truth is a's and b's measured thread CPU time (e2e_work.h:
// TRUTH_LAP), itself within 10 points of 50:50.
//
// 384 rounds at -O0 (about 1,250 samples): with 192 (630 samples) the
// split's binomial noise is 2 points, so about 1 run in 80 is more than
// 5 off (2.5 standard deviations); a full lit run with clang 22 failed
// so, and 40 runs on a loaded machine reached 4.4.
// RUN: %cc -O0 %pluginopt-exclude=c %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 384
// RUN: %shares %t0.out --truth %t0.truth --balance a,b --tol 5
// RUN: %counts %t0.out | FileCheck %s -D#R=384 -D#D=1610612736
//
// At -O2, d is inlined into c and c's loop is nothing but d's two
// `current` stores, so whether a sample sees d or c's caller is decided
// instruction by instruction: the a:b split then has binomial noise of
// about 4 points at 400 samples (2 at 2000).  So at -O2 d is excluded too, which also
// checks that a chain of excluded functions charges the profiled caller.
// a and b alternate every 0.54 ms of CPU there, about one sampling
// period: with the sampler's intervals between 3/4 and 5/4 of the period
// consecutive samples fell on nearly the same phase of a round, and one
// gcc run in six put a:b 8 points off a measured 50:50.  Intervals
// between 1/2 and 3/2 of the period (runtime/sampler.c) brought 30 runs
// to 1.4 points rms, worst 3.1.
// The empty d is a tiny leaf (leaf-size, default 16): c would then need
// no restore after calling it and -O2 would delete the loop, leaving
// nothing to measure; so leaf-size=0 here.
// 4096 rounds: 1024 gave clang only about 610 ticks (gcc 1,230), and
// a:b was then 2.4 points rms off the measured split (40 clang 22 runs),
// so 5 points failed about one run in 30 (two CI runs, b 55 and 57%);
// with 4096 (about 2,500 ticks) 20 runs gave 1.6 rms, worst 2.9.
// RUN: %cc -O2 %pluginopt-exclude=c,d %pluginopt-leaf-size=0 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 4096
// RUN: %shares %t2.out --truth %t2.truth --balance a,b --tol 5 --min-ticks 1800
// RUN: %counts %t2.out | FileCheck %s --check-prefix=O2 -D#R=4096
// CHECK-NOT: {{^c }}
// CHECK: a [[#R]]
// CHECK-NEXT: b [[#R]]
// CHECK-NEXT: d [[#D]]
// CHECK-NEXT: main 1
// O2-NOT: {{^[cd] }}
// O2: a [[#R]]
// O2-NEXT: b [[#R]]
// O2-NEXT: main 1
#define HUGE (1 << 20)
void d() {}
void c(int n) { int i, m = HUGE/n; for(i=0; i<m; ++i) d(); }
void b(void (*f)(int)) { f(2); f(2); f(2); f(2); }
void a(void (*f)(int)) { f(1); f(1); }
#include "e2e_work.h"
/* The paper's main, repeated argv[1] times to collect enough samples.
 * Many short rounds rather than a few long ones: a and b alternate every
 * few milliseconds, so a slow stretch of a busy machine hits both alike.
 * c computes HUGE/n once (the paper's loop divides on every iteration at
 * -O0, and a divide's latency depends on its operands on some cores). */
int main(int argc, char **argv) {
  TRUTH_LAP(NULL);
  for (int r = 0; r < ROUNDS(argc, argv); r++) {
    a(c); TRUTH_LAP("a");
    b(c); TRUTH_LAP("b");
  }
  return 0;
}
