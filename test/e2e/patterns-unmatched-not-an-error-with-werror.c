// A pattern given to a whole project (in CFLAGS) matches nothing in most
// of its units.  That is a note, which -Werror leaves alone: the unit
// compiles, with every compiler.  It was a warning, and GCC and clang 22
// made it an error under -Werror.
//
// RUN: %cc -O1 -Werror %pluginopt-exclude=defined_in_another_unit -c %s -o %t.o 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: note: ccprof: exclude=defined_in_another_unit matched no function in
// CHECK-NOT: error:

int in_this_unit(int x)
{
	return x + 1;
}
