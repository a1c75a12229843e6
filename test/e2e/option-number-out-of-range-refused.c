// A number option (current-limit, leaf-size) out of its range or not a
// number is refused in ccprof's words, the same as every other bad
// value, with every compiler: clang's message came from LLVM's own
// parser ("for the --ccprof-current-limit option: '-1' value invalid for
// uint argument!").
//
// RUN: not %cc %pluginopt-current-limit=-1 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: {{.*}}bad value '-1' for {{.*}}ccprof-current-limit{{.*}} a number from 0 to 4294967295)
// RUN: not %cc %pluginopt-current-limit=4294967296 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: error: {{.*}}bad value '4294967296' for {{.*}}ccprof-current-limit{{.*}} a number from 0 to 4294967295)
// RUN: not %cc %pluginopt-current-limit= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: {{.*}}bad value '' for {{.*}}ccprof-current-limit{{.*}} a number from 0 to 4294967295)
// RUN: not %cc %pluginopt-leaf-size=1001 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LEAF
// LEAF: error: {{.*}}bad value '1001' for {{.*}}ccprof-leaf-size{{.*}} a number from 0 to 1000)
// RUN: %cc %pluginopt-current-limit=4294967295 %pluginopt-leaf-size=1000 -c %s -o %t.o

int f(int x)
{
	return x + 1;
}
