; A bad value or an unknown option is an error that names it.
; RUN: not %opt -passes=ccprof -ccprof-counters=sharded -S < %s 2>&1 | FileCheck %s --check-prefix=VALUE
; VALUE: bad value 'sharded' for option -ccprof-counters (expected thread, plain or atomic)
; RUN: not %opt -passes=ccprof -ccprof-bogus=1 -S < %s 2>&1 | FileCheck %s --check-prefix=KEY
; KEY: Unknown command line argument '-ccprof-bogus=1'
define void @f() {
  ret void
}
