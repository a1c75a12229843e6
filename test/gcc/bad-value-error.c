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
// SWITCH: error: bad value 'no' for '-fplugin-arg-ccprof-current' (valid values: on, offset, address, off)
//
// current-limit takes a number (and has no effect with GCC).
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current-limit=lots -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: bad value 'lots' for '-fplugin-arg-ccprof-current-limit' (valid values: a number from 0 to 4294967295)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current-limit=10 -c %s -o %t.o
//
// transitions takes call-site or entry (GCC makes every transition at
// the entry, but accepts both so that builds pass the same options).
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-transitions=caller -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TRANS
// TRANS: error: bad value 'caller' for '-fplugin-arg-ccprof-transitions' (valid values: call-site, entry)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=call-site -c %s -o %t.o
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=entry -c %s -o %t.o
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: '-fplugin-arg-ccprof-exclude': missing value for exclude= (a comma-separated list of fnmatch globs, or @FILE)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude=a,,b -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: '-fplugin-arg-ccprof-exclude': empty pattern in exclude=a,,b
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-policy=some -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: error: bad value 'some' for '-fplugin-arg-ccprof-policy' (valid values: all, exported, file, annotated)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-include-file=@%t.missing -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: '-fplugin-arg-ccprof-include-file': cannot read the patterns of include-file=@{{.*}}.missing: No such file or directory

int f(void) { return 0; }
