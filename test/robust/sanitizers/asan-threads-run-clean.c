// An AddressSanitizer build of a threaded program, linked with libccprof:
// 200 rounds of 8 threads run clean, with ASan's own alternate signal
// stack handling at thread exit (it disables the thread's alternate
// stack, ours, and unmaps it), and every call is counted.  Before the
// runtime checked that the alternate stack was still its own, it
// unmapped whatever ASan had mapped at that address since: most runs
// crashed inside ASan, some hung.
//
// RUN: %cc -O1 -g -fsanitize=address %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 %t 2>&1 | FileCheck --check-prefix=OUT %s
// OUT-NOT: AddressSanitizer
// OUT: sum 799200000
// OUT-NOT: {{.}}
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 1600000
// CHECK-NEXT: worker 1600

#include "sanitizer_threads.h"
