// A bad exclude=, include=, exclude-file= or include-file= value is an
// error that names the option and then says what is wrong, in the same
// words with every compiler.  Clang glued the option's name into the
// sentence ("option -ccprof-missing value for exclude=", "option
// -ccprof-cannot read the patterns of ...") and, splitting the list
// itself, said "missing value" of a,,b.
//
// RUN: not %cc %pluginopt-exclude= -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{(ccprof: )?}}'-{{(fplugin-arg-)?}}ccprof-exclude': missing value for exclude= (a comma-separated list of fnmatch globs, or @FILE)
// RUN: not %cc %pluginopt-include-file=@%t.missing -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: {{(ccprof: )?}}'-{{(fplugin-arg-)?}}ccprof-include-file': cannot read the patterns of include-file=@{{.*}}.missing: No such file or directory
// RUN: not %cc %pluginopt-exclude-file=a,,b -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: {{(ccprof: )?}}'-{{(fplugin-arg-)?}}ccprof-exclude-file': empty pattern in exclude-file=a,,b

int f(int x)
{
	return x + 1;
}
