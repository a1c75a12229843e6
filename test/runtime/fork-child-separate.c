// A forked child's profile has only the child's own work: its counters
// start from zero at the fork (nothing is counted twice), it samples
// (the timer is armed again in the child), and CCPROF_OUT is expanded
// when the profile is written, so the child can send its own elsewhere.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CCPROF_OUT=%t.d/parent.out %t %t.d/child.out
// RUN: FileCheck --check-prefix=PARENT --strict-whitespace --match-full-lines %s < %t.d/parent.out
// PARENT:cc	0	0	3	{{[0-9]+}}	1	parent_work	fork-child-separate.c	function
// PARENT-NEXT:cc	1	0	0	0	2	child_work	fork-child-separate.c	function
// RUN: FileCheck --check-prefix=CHILD --strict-whitespace --match-full-lines %s < %t.d/child.out
// CHILD:cc	0	0	0	0	1	parent_work	fork-child-separate.c	function
// CHILD-NEXT:cc	1	0	1	{{[1-9][0-9]*}}	2	child_work	fork-child-separate.c	function
// RUN: %shares %t.d/child.out child_work=100 --tol 15 --min-ticks 10

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccprof_test.h"

static struct ccprof_counters parent_cnt, child_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &parent_cnt, "parent_work", "fork-child-separate.c", 1, 0 },
	{ &child_cnt, "child_work", "fork-child-separate.c", 2, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "", "fork-child-separate.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(int argc, char **argv)
{
	pid_t child;

	if (argc < 2)
		return 1;
	test_enter(&parent_cnt);
	test_enter(&parent_cnt);
	test_burn_cpu_ms(50);
	child = fork();
	if (child == 0) {
		setenv("CCPROF_OUT", argv[1], 1);
		test_enter(&child_cnt);
		test_burn_cpu_ms(120);
		exit(0);
	}
	waitpid(child, NULL, 0);
	test_enter(&parent_cnt);
	return 0;
}
