// Missing parent directories of the output path are created.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d
// RUN: env CCPROF_OUT=%t.d/a/b/prof.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.d/a/b/prof.out
// CHECK:ccprof	6
// CHECK:end	1	1

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-dir-created.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "out-dir-created.c",
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
