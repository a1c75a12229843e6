// REQUIRES: gcc
// An unknown -fplugin-arg-ccprof-KEY is a compile error that names it and
// lists the valid keys; nothing is compiled.
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-countrs=atomic -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not test -e %t.o
// CHECK: error: unknown option '-fplugin-arg-ccprof-countrs'
// CHECK: note: valid options: -fplugin-arg-ccprof-mode=flat|context, -fplugin-arg-ccprof-counters=plain|atomic|thread, -fplugin-arg-ccprof-policy=all|exported|file|annotated, -fplugin-arg-ccprof-include=, -exclude=, -include-file=, -exclude-file=GLOB[,GLOB...|@FILE], -fplugin-arg-ccprof-count=on|off, -fplugin-arg-ccprof-current=on|offset|address|off, -fplugin-arg-ccprof-current-limit=N, -fplugin-arg-ccprof-transitions=call-site|entry, -fplugin-arg-ccprof-system=caller|profile, -fplugin-arg-ccprof-leaf-size=N
// CHECK: error: failed to initialize plugin

int f(void) { return 0; }
