// A module may register before the runtime's own constructor has run (a
// static link orders constructors by priority and link order): the first
// registration starts the runtime, which then reads the arguments from
// /proc/self/cmdline.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -Wl,-Bstatic %libs -Wl,-Bdynamic -pthread
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t one two > %t.log
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// LOG: runtime started before main: yes
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:argv	0	{{.*}}register-before-start.c.tmp
// CHECK-NEXT:argv	1	one
// CHECK-NEXT:argv	2	two
// CHECK:hz	1000
// CHECK:cc	0	0	1	{{[0-9]+}}	1	main	register-before-start.c	function
// CHECK:end	1	1

#include <signal.h>
#include <stdio.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "register-before-start.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "register-before-start.c",
};

static int early_handler_installed = -1;

/* Priority 100 runs before the runtime's constructor (101).  GCC warns
 * that 0-100 are reserved for the implementation; this test means it. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
#endif
__attribute__((constructor(100))) static void register_early(void)
{
	__ccprof_register(&module);
	/* the kernel has the runtime's handler of SIGURG */
	early_handler_installed = test_signal_caught(SIGURG);
}

int main(void)
{
	test_enter(&main_cnt);
	printf("runtime started before main: %s\n",
	       early_handler_installed == 1 ? "yes" : "no");
	return 0;
}
