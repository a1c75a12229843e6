// The profile goes to <path>.tmp.<pid> and is renamed over <path>; when
// the rename fails (here <path> is a directory) the temporary file is
// removed and the diagnostic names <path>.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir -p %t.d/prof.out
// RUN: env CCPROF_OUT=%t.d/prof.out %t 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: cannot write profile '{{.*}}.d/prof.out': the path names a directory (CCPROF_OUT must name a file)
// RUN: ls %t.d | FileCheck --check-prefix=LS --match-full-lines %s
// LS: prof.out
// LS-NOT: {{.+}}

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-rename-fails-removes-temp.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"out-rename-fails-removes-temp.c",
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
