// A CCPROF_HZ that is not an integer from 0 to 100000 gets one warning
// naming the variable and its value, and the default rate is used.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.1.out CCPROF_HZ=12x %t 2> %t.1.err
// RUN: FileCheck --check-prefix=WARN1 %s < %t.1.err
// RUN: FileCheck --check-prefix=HZ --strict-whitespace --match-full-lines %s < %t.1.out
// WARN1: ccprof: ignoring CCPROF_HZ='12x': not an integer from 0 to 100000; using 1000
// WARN1-NOT: ccprof
//
// RUN: env CCPROF_OUT=%t.2.out CCPROF_HZ=100001 %t 2> %t.2.err
// RUN: FileCheck --check-prefix=WARN2 %s < %t.2.err
// RUN: FileCheck --check-prefix=HZ --strict-whitespace --match-full-lines %s < %t.2.out
// WARN2: ccprof: ignoring CCPROF_HZ='100001': not an integer from 0 to 100000; using 1000
//
// RUN: env CCPROF_OUT=%t.3.out CCPROF_HZ=-5 %t 2> %t.3.err
// RUN: FileCheck --check-prefix=WARN3 %s < %t.3.err
// WARN3: ccprof: ignoring CCPROF_HZ='-5': not an integer from 0 to 100000; using 1000
//
// HZ:hz	1000

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "hz-bad-value-warns.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "hz-bad-value-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	return 0;
}
