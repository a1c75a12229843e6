// Time shares stay right on a busy machine: the programs of
// time-shares-10-30-60.c and exclude-charges-callers-froyd.c run while a
// CPU-bound process competes on every core (test/tools/with_load.py), and
// each function's share is within 2 points of its measured thread CPU
// time.  Sampling follows each thread's
// own CPU clock, which stands still while the thread waits for a CPU; a
// monotonic timer fired while it waited, and its signal landed wherever
// the thread resumed (a fresh-clone `make check` once charged a:b 43:57
// for a truth of 50:50 in the Froyd program at gcc -O2; under this load
// that sampler gave 47.4:52.6 and 48.3:51.7 against 49.6:50.4, this one
// 50.1:49.9 and 49.9:50.1).  4000 Hz, so that 2 points are about three
// standard deviations of the sampling noise or more: the Froyd program
// runs 2048 rounds, about 7,000 ticks with clang 14 and 15,000 with gcc
// (sd of a 50% share 0.6 points or less); with 1024 rounds a fresh-clone
// run had 2,800 (sd 0.94) and gave a:b 47.87:52.13 against 49.98:50.02.
//
// RUN: %cc -O2 -falign-loops=32 %S/time-shares-10-30-60.c -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=4000 E2E_TRUTH=%t.truth %python %S/../tools/with_load.py -- %t 96
// RUN: %shares %t.out --truth %t.truth w10=10 w30=30 w60=60 --tol 2 --min-ticks 3000
// RUN: %counts %t.out | FileCheck %s
// RUN: %cc -O2 %pluginopt-exclude=c,d %pluginopt-leaf-size=0 %S/exclude-charges-callers-froyd.c -o %t.froyd %libs
// RUN: env CCPROF_OUT=%t.froyd.out CCPROF_HZ=4000 E2E_TRUTH=%t.froyd.truth %python %S/../tools/with_load.py -- %t.froyd 2048
// RUN: %shares %t.froyd.out --truth %t.froyd.truth --balance a,b --tol 2 --min-ticks 4000
// CHECK: main 1
// CHECK-NEXT: w10 96
// CHECK-NEXT: w30 96
// CHECK-NEXT: w60 96
