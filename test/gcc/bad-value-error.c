// REQUIRES: gcc
// A bad or missing value is a compile error that names the option and the
// value and lists the valid values.
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-counters=sharded -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: bad value 'sharded' for '-fplugin-arg-ccprof-counters' (valid values: plain, atomic, thread)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-counters -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: missing value for '-fplugin-arg-ccprof-counters' (valid values: plain, atomic, thread)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=no -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SWITCH
// SWITCH: error: bad value 'no' for '-fplugin-arg-ccprof-current' (valid values: on, address, off)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: missing value for '-fplugin-arg-ccprof-exclude' (valid values: a comma-separated list of function names or fnmatch globs)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude=a,,b -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: empty name in '-fplugin-arg-ccprof-exclude=a,,b'

int f(void) { return 0; }
