// Linked with the static libccprof.a, a program that only uses the ABI
// still gets the runtime's constructor (it lives in the object that
// defines __ccprof_register), so it samples and writes its profile.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -Wl,-Bstatic %libs -Wl,-Bdynamic -pthread
// RUN: readelf -d %t | FileCheck --check-prefix=DYN %s
// DYN-NOT: libccprof
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:hz	1000
// CHECK-NEXT:ticks	{{[1-9][0-9]*}}
// CHECK:cc	0	0	1	{{[1-9][0-9]*}}	1	main	static-link.c	function
// CHECK:end	1	1

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "static-link.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "static-link.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&main_cnt);
	test_burn_cpu_ms(200);
	return 0;
}
