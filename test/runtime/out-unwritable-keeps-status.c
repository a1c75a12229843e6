// When the profile cannot be written, the runtime prints one diagnostic
// naming the path and the cause, and the program's exit status is its own.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.file && touch %t.file
// RUN: env CCPROF_OUT=%t.file/sub/prof.out sh -c '%t; echo "exit status $?"' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: ccprof: cannot write profile '{{.*}}.file/sub/prof.out': Not a directory
// CHECK-NEXT: exit status 3

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-unwritable-keeps-status.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"out-unwritable-keeps-status.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	return 3;
}
