// ccprof_dump() writes the profile at once, marked incomplete, and the
// counters keep running: the profile written at exit has all the calls.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out %t.mid.out
// RUN: env CCPROF_OUT=%t.out %t %t.mid.out | FileCheck --check-prefix=LOG %s
// LOG: ccprof_dump returned 0
// RUN: FileCheck --check-prefix=MID --strict-whitespace --match-full-lines %s < %t.mid.out
// MID:status	incomplete
// MID:cc	0	0	5	{{[0-9]+}}	1	work	dump-mid-run.c	function
// MID:end	1	1
// RUN: FileCheck --check-prefix=END --strict-whitespace --match-full-lines %s < %t.out
// END:status	complete
// END:cc	0	0	8	{{[0-9]+}}	1	work	dump-mid-run.c	function
// END:end	1	1

#include <stdio.h>
#include <stdlib.h>

#include "ccprof.h"
#include "ccprof_test.h"

static struct ccprof_counters work_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &work_cnt, "work", "dump-mid-run.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "dump-mid-run.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(int argc, char **argv)
{
	int rc;

	if (argc < 2)
		return 1;
	for (int i = 0; i < 5; i++)
		test_enter(&work_cnt);
	rc = ccprof_dump();
	printf("ccprof_dump returned %d\n", rc);
	/* Keep the mid-run profile: the one at exit goes to the same path. */
	if (rename(getenv("CCPROF_OUT"), argv[1]) != 0)
		perror("rename");
	for (int i = 0; i < 3; i++)
		test_enter(&work_cnt);
	return 0;
}
