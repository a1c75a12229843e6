// A ThreadSanitizer build of a threaded program, linked with libccprof:
// 200 rounds of 8 threads run clean (no report, status 0), and every
// call is counted.  With gcc 12's TSan the runtime's work at thread exit
// used to come after TSan had torn the thread down (both in the last
// round of key destructors), and the first thread exit crashed (status
// 66); the runtime now finishes a round earlier.
//
// Not with clang 14: its TSan runtime can deadlock when any signal
// arrives while a thread is inside free() (SlotLock taken again by
// CallUserSignalHandler; google/sanitizers#1540, fixed in later LLVM),
// and the sampling signal reaches the main thread while pthread_join
// frees the joined thread's TLS: a run in a few hung under load.
// UNSUPPORTED: llvm14
//
// With clang 22 the first thread start used to crash (SEGV in
// __tsan::SlotLock, 10 of 10 runs): the sampler sets up the thread's
// task-clock event in libccprof's thread wrapper, before the program's
// start routine, which under clang's TSan is TSan's own thread start, and
// TSan's close() interceptor faulted on a thread it had not set up.  That
// path now makes raw system calls only (runtime/perf_clock.c).
//
// RUN: %cc -O1 -g -fsanitize=thread %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out TSAN_OPTIONS=halt_on_error=1 %t 2>&1 | FileCheck --check-prefix=OUT %s
// OUT-NOT: ThreadSanitizer
// OUT: sum 799200000
// OUT-NOT: {{.}}
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 1600000
// CHECK-NEXT: worker 1600

#include "sanitizer_threads.h"
