// An unknown pattern in CCPROF_OUT is kept as written, with one warning,
// rather than losing the profile.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CCPROF_OUT=%t.d/prof.%%q.out %t 2> %t.err
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// WARN: ccprof: unknown pattern '%q' in CCPROF_OUT='{{.*}}/prof.%q.out'; kept as written
// WARN-NOT: ccprof
// RUN: ls %t.d | FileCheck --check-prefix=LS --match-full-lines %s
// LS: prof.%q.out

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-pattern-unknown.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "out-pattern-unknown.c",
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
