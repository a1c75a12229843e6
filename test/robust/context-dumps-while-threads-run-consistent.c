// Context mode: every profile written while other threads run profiled
// code (30 dumps, and the exit write, with a thread spinning through 100
// functions of 10 callees each) is consistent: each cost centre's
// contexts add up to no more than its cc record, so ccprof-report takes
// it.  Samples that arrive during a write are cut from the cc records in
// their order; the ctx records were cut in another order, and a tick
// moved from one function's contexts to another's (about one dump in
// ten, one exit write in three, was refused: "the ticks of the contexts
// of cc 311 add up to more than its 'cc' record's 4").
//
// REQUIRES: context-mode
// RUN: %cc -O1 -pthread %ctxflags -DKEEP_EACH_DUMP %S/Inputs/context-dumps-while-threads-run.c -o %t %libs
// RUN: rm -f %t.out*
// RUN: env CCPROF_OUT=%t.out %t
// RUN: for f in %t.out %t.out.d*; do %contexts check $f > /dev/null || exit 1; done
// RUN: ls %t.out.d* | wc -l | FileCheck %s
// CHECK: 30
// RUN: %report --db %t.db %t.out > /dev/null
