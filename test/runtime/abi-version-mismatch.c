// A module built for another ABI version is ignored, with one warning
// naming its source; the other modules are profiled as usual.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: ignoring module 'old.c': it was built for ABI version 99, this runtime implements version 8
// ERR-NOT: ccprof
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:module	0	hand-made		new.c
// CHECK-NEXT:cc	0	0	1	{{[0-9]+}}	1	fresh	new.c	function
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	1	1

#include "ccprof_test.h"

static struct ccprof_counters old_cnt, new_cnt;
static const struct ccprof_cc_desc old_ccs[] = {
	{ &old_cnt, "stale", "old.c", 1, 0 },
};
static const struct ccprof_module old = {
	99, 1, old_ccs, "hand-made", "", "old.c",
};
static const struct ccprof_cc_desc new_ccs[] = {
	{ &new_cnt, "fresh", "new.c", 1, 0 },
};
static const struct ccprof_module current = {
	CCPROF_ABI_VERSION, 1, new_ccs, "hand-made", "", "new.c",
};

__attribute__((constructor)) static void register_modules(void)
{
	__ccprof_register(&old);
	__ccprof_register(&current);
}

int main(void)
{
	test_enter(&old_cnt);
	test_enter(&new_cnt);
	return 0;
}
