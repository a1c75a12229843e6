// REQUIRES: clang
// An annotation of ccprof's ("ccprof." and more) that ccprof.h does not
// write, as one may spell CCPROF_CC and CCPROF_UNPROFILED by hand with
// clang's annotate attribute, is an error naming its file and line as
// clang names its own (FILE:LINE:1: error:), each one: "ccprof.cc" without its '=', "ccprof.bogus" and
// "ccprof.unprofiled=yes" were ignored without a word, and "ccprof.cc="
// is an empty label (annotation-labels-checked).  GCC checks its own
// attributes' spelling (ccprof_cc needs one argument, a string literal).
//
// RUN: not %cc -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK-DAG: annotation-unknown-refused.c:[[#@LINE+5]]:1: error: ccprof: unknown annotation 'ccprof.cc' (ccprof.h writes ccprof.cc=LABEL and ccprof.unprofiled)
// CHECK-DAG: annotation-unknown-refused.c:[[#@LINE+5]]:1: error: ccprof: the CCPROF_CC label of 'g' is empty
// CHECK-DAG: annotation-unknown-refused.c:[[#@LINE+5]]:1: error: ccprof: unknown annotation 'ccprof.bogus'
// CHECK-DAG: annotation-unknown-refused.c:[[#@LINE+5]]:1: error: ccprof: unknown annotation 'ccprof.unprofiled=yes'
// CHECK-DAG: annotation-unknown-refused.c:[[#@LINE+5]]:1: error: ccprof: unknown annotation 'ccprof.scc=v'
__attribute__((annotate("ccprof.cc"))) int f(int x) { return x + 1; }
__attribute__((annotate("ccprof.cc="))) int g(int x) { return x + 1; }
__attribute__((annotate("ccprof.bogus"))) int h(int x) { return x + 1; }
__attribute__((annotate("ccprof.unprofiled=yes"))) int k(int x) { return x + 1; }
__attribute__((annotate("ccprof.scc=v"))) int v = 1;
__attribute__((annotate("other.tool"))) int fine(int x) { return x + v; }
