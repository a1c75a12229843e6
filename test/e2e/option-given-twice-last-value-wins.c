// A key given twice takes its last value, with every compiler (a build
// line often adds an option to one its build system already passes);
// the pattern lists add up.  GCC and clang 22 did so, while clang 14
// refused the second ("for the --ccprof-policy option: may only occur
// zero or one times!").  The module table's options, in the assembly,
// say what was taken.
//
// RUN: %cc %pluginopt-policy=file %pluginopt-policy=exported %pluginopt-leaf-size=3 %pluginopt-leaf-size=0 %pluginopt-current=address %pluginopt-current=on %pluginopt-mode=context %pluginopt-mode=flat %pluginopt-counters=plain %pluginopt-counters=atomic %pluginopt-exclude=a* %pluginopt-exclude=b* -S %s -o - 2>/dev/null | FileCheck %s
// CHECK: "counters=atomic policy=exported exclude=a*,b* leaf-size=0"

int f(int x)
{
	return x + 1;
}
