// The profile has the records of docs/format.md, in order, TAB-separated:
// header, one module line per registered module, one cc line per cost
// centre (ids counting from 0 across modules, each with the kind its
// flags say), unprofiled, end.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t first "second arg"
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
//
// The total is the sum of the cost centres' ticks and the unprofiled ones.
// RUN: awk -F'\t' '$1 == "cc" { s += $5 } $1 == "unprofiled" { s += $2 } $1 == "ticks" { t = $2 } END { print (s == t ? "sum ok" : "sum bad " s " != " t) }' %t.out | FileCheck --check-prefix=SUM %s
// SUM: sum ok

#include "ccprof_test.h"

static struct ccprof_counters alpha, beta, gamma_;

static const struct ccprof_cc_desc first_ccs[] = {
	{ &alpha, "alpha", "first.c", 10, 0 },
	{ &beta, "beta", "first.c", 20,
	  CCPROF_KIND_ANONYMOUS << CCPROF_CC_KIND_SHIFT },
};
static const struct ccprof_module first = {
	CCPROF_ABI_VERSION, 2, first_ccs, "hand-made 1.0", "counters=plain",
	"first.c",
};

static const struct ccprof_cc_desc second_ccs[] = {
	{ &gamma_, "gamma", "", 0,
	  CCPROF_CC_SHARED | CCPROF_KIND_SCC << CCPROF_CC_KIND_SHIFT },
};
static const struct ccprof_module second = {
	CCPROF_ABI_VERSION, 1, second_ccs, "hand-made 2.0", "", "second.c",
};

__attribute__((constructor)) static void register_modules(void)
{
	__ccprof_register(&first);
	__ccprof_register(&second);
}

int main(void)
{
	for (int i = 0; i < 3; i++)
		test_enter(&alpha);
	test_enter(&beta);
	test_burn_cpu_ms(20);
	test_enter(&gamma_);
	return 0;
}

// CHECK:ccprof	6
// CHECK-NEXT:program	{{/.*}}/format-records.c.tmp
// CHECK-NEXT:argv	0	{{.*}}format-records.c.tmp
// CHECK-NEXT:argv	1	first
// CHECK-NEXT:argv	2	second arg
// CHECK-NEXT:pid	{{[1-9][0-9]*}}
// CHECK-NEXT:processes	1
// CHECK-NEXT:start	{{[1-9][0-9]*\.[0-9][0-9][0-9][0-9][0-9][0-9]}}
// CHECK-NEXT:wall	{{[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}
// CHECK-NEXT:user	{{[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}
// CHECK-NEXT:sys	{{[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}
// CHECK-NEXT:hz	1000
// CHECK-NEXT:ticks	{{[0-9]+}}
// CHECK-NEXT:samples	{{[0-9]+}}
// CHECK-NEXT:clock	{{cpu-perf|cpu-timer}}
// CHECK-NEXT:events	
// CHECK-NEXT:status	complete
// CHECK-NEXT:module	0	hand-made 1.0	counters=plain	first.c
// CHECK-NEXT:module	1	hand-made 2.0		second.c
// CHECK-NEXT:cc	0	0	3	0	10	alpha	first.c	function
// CHECK-NEXT:cc	1	0	1	{{[0-9]+}}	20	beta	first.c	anonymous
// CHECK-NEXT:cc	2	1	1	{{[0-9]+}}	0	gamma		scc
// CHECK-NEXT:unprofiled	{{[0-9]+}}
// CHECK-NEXT:end	2	3

// CHECK-NOT:{{.+}}
