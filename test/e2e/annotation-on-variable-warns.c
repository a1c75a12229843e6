// CCPROF_CC and CCPROF_UNPROFILED apply to functions only: on a variable
// (global, local) or a field each compiler warns, naming its file and
// line, and compiles on.  GCC warned for its attributes; clang kept the
// annotations in the module and said nothing.
//
// RUN: %cc -c %s -o %t.o 2>&1 | FileCheck %s
// (GCC: "FILE:LINE:COL: warning: 'ccprof_cc' attribute applies to
// functions only"; clang: "warning: FILE:LINE: ccprof: CCPROF_CC applies
// to functions only".)
// CHECK-DAG: annotation-on-variable-warns.c:[[#@LINE+7]]:{{[0-9]+: warning: .ccprof_cc. attribute| ccprof: CCPROF_CC}} applies to functions only
// CHECK-DAG: annotation-on-variable-warns.c:[[#@LINE+7]]:{{[0-9]+: warning: .ccprof_unprofiled. attribute| ccprof: CCPROF_UNPROFILED}} applies to functions only
// CHECK-DAG: annotation-on-variable-warns.c:[[#@LINE+9]]:{{[0-9]+: warning: .ccprof_cc. attribute| ccprof: CCPROF_CC}} applies to functions only
// CHECK-DAG: annotation-on-variable-warns.c:[[#@LINE+13]]:{{[0-9]+: warning: .ccprof_cc. attribute| ccprof: CCPROF_CC}} applies to functions only
// CHECK-NOT: error:
#include "ccprof.h"

CCPROF_CC("var") int v = 3;
CCPROF_UNPROFILED int w = 4;

struct s {
	CCPROF_CC("field") int a;
};

int f(struct s *p)
{
	CCPROF_CC("local") int l = p->a;
	return l + v + w;
}
