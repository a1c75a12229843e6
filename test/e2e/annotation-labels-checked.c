// A label is a narrow string literal, not empty, without a NUL byte in
// it, and a function has at most one: every compiler refuses, naming
// the file and line in its own form (FILE:LINE:COL: error:; clang's
// CCPROF_CC errors read "error: FILE:LINE: ..." before 2026-11-29), a CCPROF_SCC or CCPROF_CC label that is empty (a
// blank-named row), holds a NUL ("a\0b" was the cost centre "a", merged
// with another "a"), or is wide (GCC took its first byte, "w"); a
// function with two different CCPROF_CC labels (GCC kept the
// declaration's, clang the definition's); and CCPROF_CC with
// CCPROF_UNPROFILED (the label was dropped without a word).
//
// RUN: not %cc -g -c -DCASE=1 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SCC-EMPTY
// SCC-EMPTY: annotation-labels-checked.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: the CCPROF_SCC label {{.*}} is empty
// RUN: not %cc -g -c -DCASE=2 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SCC-NUL
// SCC-NUL: annotation-labels-checked.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: the CCPROF_SCC label {{.}}a{{.}} {{.*}}has a NUL byte inside
// RUN: not %cc -g -c -DCASE=3 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SCC-WIDE
// SCC-WIDE: {{error: .*(label of|label|needs a string literal)|incompatible pointer types}}
// RUN: not %cc -g -c -DCASE=4 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CC-EMPTY
// CC-EMPTY: annotation-labels-checked.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: the CCPROF_CC label of {{.}}e{{.}} is empty
// RUN: not %cc -g -c -DCASE=5 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CC-TWO
// CC-TWO: annotation-labels-checked.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: {{.}}g{{.}} has two CCPROF_CC labels, {{.}}{{first|second}}{{.}} and {{.}}{{first|second}}{{.}}
// RUN: not %cc -g -c -DCASE=6 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CC-BOTH
// CC-BOTH: annotation-labels-checked.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: {{.}}h{{.}} is both CCPROF_CC({{.}}both{{.}}) and CCPROF_UNPROFILED
// RUN: %cc -g -c -DCASE=0 %s -o %t.o
#include "ccprof.h"

int sink;

#if CASE == 1
void f(void)
{
	CCPROF_SCC("") { sink++; }
}
#elif CASE == 2
void f(void)
{
	CCPROF_SCC("a\0b") { sink++; }
}
#elif CASE == 3
void f(void)
{
	CCPROF_SCC(L"w") { sink++; }
}
#elif CASE == 4
CCPROF_CC("") int e(int x) { return x; }
#elif CASE == 5
CCPROF_CC("first") int g(int x);
CCPROF_CC("second") int g(int x) { return x + 1; }
#elif CASE == 6
CCPROF_CC("both") CCPROF_UNPROFILED int h(int x) { return x; }
#else
void f(void)
{
	CCPROF_SCC("fine") { sink++; }
}
#endif
