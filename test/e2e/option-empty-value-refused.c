// An option given with an empty value is a bad value, refused by every
// compiler with a message naming it, as GCC always did: clang took an
// empty leaf-size= or system= for "not given" and compiled with the
// default (leaf-size 16) without a word.
//
// RUN: not %cc %pluginopt-leaf-size= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LEAF
// LEAF: bad value '' for {{.*}}ccprof-leaf-size{{.*}}a number from 0 to 1000
// RUN: not %cc %pluginopt-system= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SYSTEM
// SYSTEM: bad value '' for {{.*}}ccprof-system{{.*}}caller{{.*}}profile
// RUN: not %cc %pluginopt-policy= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: bad value '' for {{.*}}ccprof-policy{{.*}}all{{.*}}annotated
// RUN: %cc %pluginopt-leaf-size=0 %pluginopt-system=profile -c %s -o %t.o

int f(int x)
{
	return x + 1;
}
