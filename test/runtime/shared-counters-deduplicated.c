// Cost centres of several modules may share one counters record (C++
// inline functions in COMDAT groups, CCPROF_CC_SHARED).  Each record is
// written once, by the first module that registered it.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:module	0	hand-made		one.cpp
// CHECK-NEXT:module	1	hand-made		two.cpp
// CHECK-NEXT:cc	0	0	1	{{[0-9]+}}	1	_Z3onev	one.cpp	function
// CHECK-NEXT:cc	1	0	4	{{[0-9]+}}	5	_Z6inlinev	inline.h	function
// CHECK-NEXT:cc	2	1	1	{{[0-9]+}}	1	_Z3twov	two.cpp	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	2	3

#include "ccprof_test.h"

static struct ccprof_counters one_cnt, two_cnt, inline_cnt;

static const struct ccprof_cc_desc one_ccs[] = {
	{ &one_cnt, "_Z3onev", "one.cpp", 1, 0 },
	{ &inline_cnt, "_Z6inlinev", "inline.h", 5, CCPROF_CC_SHARED },
};
static const struct ccprof_module one = {
	CCPROF_ABI_VERSION, 2, one_ccs, "hand-made", "", "one.cpp",
};

static const struct ccprof_cc_desc two_ccs[] = {
	{ &inline_cnt, "_Z6inlinev", "inline.h", 5, CCPROF_CC_SHARED },
	{ &two_cnt, "_Z3twov", "two.cpp", 1, 0 },
};
static const struct ccprof_module two = {
	CCPROF_ABI_VERSION, 2, two_ccs, "hand-made", "", "two.cpp",
};

__attribute__((constructor)) static void register_modules(void)
{
	__ccprof_register(&one);
	__ccprof_register(&two);
}

int main(void)
{
	test_enter(&one_cnt);
	test_enter(&two_cnt);
	for (int i = 0; i < 4; i++)
		test_enter(&inline_cnt);
	return 0;
}
