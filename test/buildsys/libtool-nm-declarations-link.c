// libtool's configure ("checking command to parse nm output") and its
// -dlpreopen tables list the global symbols an object defines (nm -B,
// codes ABCDGIRSTW), declare each C-named one as `extern char NAME;` in a
// generated C file that takes its address, and link the two.  An
// instrumented object, executable (PIE) or shared (-fPIC), must define no
// C-named symbol but the program's own, or the link fails (a TLS
// definition against a plain reference): `current`'s symbol is
// __ccprof_current.tls, a name C cannot declare, like the records'
// __ccprof_cnt.F.
//
// RUN: %cc -O2 -c %s -o %t.o
// RUN: nm -B --defined-only -g %t.o | sed -n 's/^.*[ \t]\([ABCDGIRSTW][ABCDGIRSTW]*\)[ \t][ \t]*\([_A-Za-z][_A-Za-z0-9]*\)$/\2/p' | sort > %t.syms
// RUN: FileCheck %s --match-full-lines < %t.syms
// RUN: sh %S/Inputs/symbol-table.sh < %t.syms > %t-table.c
// RUN: %plain_cc -c %t-table.c -o %t-table.o
// RUN: %plain_cc %t-table.o %t.o %libs -o %t
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s --check-prefix=COUNTS
//
// RUN: %cc -O2 -fPIC -c %s -o %t-pic.o
// RUN: nm -B --defined-only -g %t-pic.o | sed -n 's/^.*[ \t]\([ABCDGIRSTW][ABCDGIRSTW]*\)[ \t][ \t]*\([_A-Za-z][_A-Za-z0-9]*\)$/\2/p' | sort > %t-pic.syms
// RUN: FileCheck %s --match-full-lines < %t-pic.syms
// RUN: %plain_cc %t-table.o %t-pic.o %libs -o %t-pic
// RUN: env CCPROF_OUT=%t-pic.out %t-pic
// RUN: %counts %t-pic.out | FileCheck %s --check-prefix=COUNTS
//
// CHECK:      main
// CHECK-NEXT: nm_test_func
// CHECK-NEXT: nm_test_var
// CHECK-EMPTY:
// CHECK-NOT:  {{.}}
// COUNTS-DAG: main 1
// COUNTS-DAG: nm_test_func 1

char nm_test_var;

void nm_test_func(void)
{
	nm_test_var++;
}

int main(void)
{
	nm_test_func();
	return nm_test_var - 1;
}
