// CCPROF_OUT expands %p to the process id and %% to a single %.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CCPROF_OUT=%t.d/prof.%%p.100%%%%.out %t > %t.log
// RUN: ls %t.d >> %t.log
// RUN: cat %t.d/prof.*.out >> %t.log
// RUN: FileCheck --match-full-lines %s < %t.log
// CHECK:pid [[PID:[0-9]+]]
// CHECK-NEXT:prof.[[PID]].100%.out
// CHECK-NEXT:ccprof	6
// CHECK:pid	[[PID]]

#include <stdio.h>
#include <unistd.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "out-pattern-pid.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "out-pattern-pid.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	printf("pid %ld\n", (long)getpid());
	return 0;
}
