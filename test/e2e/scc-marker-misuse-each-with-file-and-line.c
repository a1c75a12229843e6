// Every misuse of CCPROF_SCC's marker in a function is an error of its
// own, naming the file and line, with every compiler: with -g the line
// of each (clang as GCC, from the marker call's debug location); without
// it, with clang, the line of the function, the one place clang still
// knows.  Clang stopped at a function's first problem and, without -g,
// named neither file nor line ("error: ccprof: CCPROF_SCC in 'main'
// needs a string literal label").
//
// RUN: not %cc -g -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: not %cc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: scc-marker-misuse-each-with-file-and-line.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: CCPROF_SCC {{(in .main. )?}}needs a string literal label
// PLAIN: scc-marker-misuse-each-with-file-and-line.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: {{.?}}__ccprof_scc_begin{{.?}} {{(in .main. )?}}is not used as CCPROF_SCC uses it
// PLAIN: scc-marker-misuse-each-with-file-and-line.c:{{[0-9]+}}:{{[0-9]+}}: error: ccprof: the CCPROF_SCC label {{..}} {{(in .main. )?}}is empty
#include "ccprof.h"

int main(int argc, char **argv)
{
	if (!__ccprof_scc_begin(argv[0])) // DEBUG: scc-marker-misuse-each-with-file-and-line.c:[[#@LINE]]:{{[0-9]+}}: error: ccprof: CCPROF_SCC {{(in .main. )?}}needs a string literal label
		argc++;
	int r = __ccprof_scc_begin("direct"); // DEBUG: scc-marker-misuse-each-with-file-and-line.c:[[#@LINE]]:{{[0-9]+}}: error: ccprof: {{.?}}__ccprof_scc_begin{{.?}} {{(in .main. )?}}is not used as CCPROF_SCC uses it
	CCPROF_SCC("") { argc++; } // DEBUG: scc-marker-misuse-each-with-file-and-line.c:[[#@LINE]]:{{[0-9]+}}: error: ccprof: the CCPROF_SCC label {{..}} {{(in .main. )?}}is empty
	return r + argc - 1;
}
