// Context mode, %m: the file that 30 dumps and the exit write merge into,
// while a thread spins through 100 functions of 10 callees each, is
// consistent: each cost centre's contexts add up to exactly its cc record.
// A write cuts the ticks that came in after the header's total was read;
// the cut a cc record takes is left for the next merge, and the cut its
// contexts take must be too: it was kept in their baseline, never
// written, and the file's contexts fell behind their cc records by every
// tick cut ("cc 111 (main): calls 1 ticks 67, its contexts 1 56").
//
// REQUIRES: context-mode
// RUN: %cc -O1 -pthread %ctxflags %S/Inputs/context-dumps-while-threads-run.c -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: ls %t.d/pool-*.out | wc -l | FileCheck %s
// CHECK: 1
// RUN: %contexts check %t.d/pool-*.out | FileCheck --check-prefix=CHECK-CTX %s
// CHECK-CTX: contexts {{[0-9]+}} ok
// RUN: %report --db %t.db %t.d/pool-*.out > /dev/null
