// String fields are escaped as docs/format.md says: backslash, TAB, LF, CR
// and other control bytes never appear raw; bytes >= 0x80 (UTF-8) do.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t "arg	with tab"
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:argv	1	arg\twith tab
// CHECK:module	0	cc\\1	key=a\tb	dir\nname.c
// CHECK-NEXT:cc	0	0	1	{{[0-9]+}}	1	tab\there	f\r.c	function
// CHECK-NEXT:cc	1	0	1	{{[0-9]+}}	2	new\nline		function
// CHECK-NEXT:cc	2	0	1	{{[0-9]+}}	3	ctl\x01\x1f\x7f.end	café.c	function

#include "ccprof_test.h"

static struct ccprof_counters a, b, c;
static const struct ccprof_cc_desc ccs[] = {
	{ &a, "tab\there", "f\r.c", 1, 0 },
	{ &b, "new\nline", "", 2, 0 },
	{ &c, "ctl\x01\x1f\x7f.end", "caf\xc3\xa9.c", 3, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 3, ccs, "cc\\1", "key=a\tb", "dir\nname.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&a);
	test_enter(&b);
	test_enter(&c);
	return 0;
}
