// include=/exclude= select functions by linkage name, include-file=/
// exclude-file= by source file, fnmatch globs, and @FILE reads patterns
// from a file (blank lines and # comments skipped).  Functions left out
// are charged to their callers, and are not listed.  A pattern that
// matched no function of the unit is a note, once: not a warning, which
// -Werror would make an error in every unit of a project that the
// pattern is not about (patterns-unmatched-not-an-error-with-werror.c).
//
// RUN: %cc -O1 %pluginopt-exclude=@%S/Inputs/exclude-patterns.txt %pluginopt-exclude=no_such_fn %s -o %t1 %libs 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env CCPROF_OUT=%t1.out %t1
// RUN: %counts %t1.out | FileCheck %s --check-prefix=EXCL
// WARN: note: ccprof: exclude=never_matches_anything matched no function in
// WARN: note: ccprof: exclude=no_such_fn matched no function in
// EXCL: keep_a 2
// EXCL-NEXT: keep_b 3
// EXCL-NEXT: main 1
// EXCL-NOT: skip
//
// RUN: %cc -O1 %pluginopt-include=keep_*,main %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2
// RUN: %counts %t2.out | FileCheck %s --check-prefix=EXCL
//
// RUN: %cc -O1 %pluginopt-include-file=*patterns-include-exclude* %pluginopt-exclude=skip_* %s -o %t3 %libs 2>&1 | count 0
// RUN: env CCPROF_OUT=%t3.out %t3
// RUN: %counts %t3.out | FileCheck %s --check-prefix=EXCL
// RUN: %cc -O1 %pluginopt-include-file=*/no/such/dir/* %s -o %t4 %libs 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: note: ccprof: include-file=*/no/such/dir/* matched no function in
#include "e2e_work.h"

__attribute__((noinline)) void skip_one(void) { SPIN(1000); }
__attribute__((noinline)) void skip_two(void) { SPIN(1000); }
__attribute__((noinline)) void keep_a(void) { skip_one(); }
__attribute__((noinline)) void keep_b(void) { skip_two(); }

int main(void)
{
	keep_a();
	keep_a();
	for (int i = 0; i < 3; i++)
		keep_b();
	return 0;
}
