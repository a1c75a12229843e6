// CCPROF_OUT naming a directory (ending in "/", or an existing one) gets
// one diagnostic that says so, creates nothing, and leaves the exit
// status alone.  With "out/" the runtime used to create the directory
// "out", write "out/.tmp.<pid>" in it and then fail to rename that over
// "out/": "Not a directory".
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && env CCPROF_OUT=out/ %t 2> %t.err; test $? = 7
// RUN: FileCheck %s < %t.err
// CHECK: ccprof: cannot write profile 'out/': the path names a directory (CCPROF_OUT must name a file)
// CHECK-NOT: ccprof
// RUN: test -z "$(ls -A %t.d)"
// RUN: cd %t.d && env CCPROF_OUT=. %t 2> %t.err; test $? = 7
// RUN: FileCheck --check-prefix=DOT %s < %t.err
// DOT: ccprof: cannot write profile '.': the path names a directory (CCPROF_OUT must name a file)
// RUN: test -z "$(ls -A %t.d)"

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-names-directory.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "out-names-directory.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	return 7;
}
