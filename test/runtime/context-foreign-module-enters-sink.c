// A context-mode unit built for another ABI version is ignored, but its
// code still runs: its transitions must not build nodes from cost
// centres the runtime does not know, nor find anything in a node's kid
// slots where its own version put them (ABI 6: from byte 64).  They
// enter a sink whose slots all read NULL; the unit's calls are lost,
// its time is counted as unprofiled (200 ms here: at least 10 ticks),
// the program runs on, and a function of a current unit it calls
// starts at the root, as a callback from unprofiled code does.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: ignoring module 'old.c': it was built for ABI version 6, this runtime implements version {{[0-9]+}}
// ERR-NOT: ccprof
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// RUN: FileCheck --check-prefix=UNPROF %s < %t.out
// UNPROF: {{^}}unprofiled	{{[1-9][0-9]+$}}
// CHECK:      P 1
// CHECK-NEXT: P;Q 1
// CHECK-NEXT: Q 1
// CHECK-EMPTY:

#include <stdio.h>
#include <stdlib.h>

#include "context_test.h"

enum { P, Q, N_NEW };
static struct ccprof_counters cnt[N_NEW], old_cnt[2];
static const struct ccprof_cc_desc ccs[N_NEW] = {
	{ &cnt[P], "P", "new.c", 1, 0 },
	{ &cnt[Q], "Q", "new.c", 2, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_NEW, ccs, "hand-made", "mode=context", "new.c",
};
static const struct ccprof_cc_desc old_ccs[2] = {
	{ &old_cnt[0], "stale", "old.c", 1, 0 },
	{ &old_cnt[1], "stale2", "old.c", 2, 0 },
};
static const struct ccprof_module old = {
	6, 2, old_ccs, "hand-made", "mode=context", "old.c",
};
static __thread struct ccprof_ctx_memo *memo[N_NEW] = {
	(struct ccprof_ctx_memo *)__ccprof_ctx_nomemo,
	(struct ccprof_ctx_memo *)__ccprof_ctx_nomemo,
};
/* The old unit's tables start at the table of no transition by the name
 * units of ABI 4 to 7 used before it carried the version, which the
 * runtime still defines (the same table). */
extern const struct ccprof_ctx_memo old_nomemo[2]
	__asm__("__ccprof_ctx_nomemo");
static __thread struct ccprof_ctx_memo *old_memo[2] = {
	(struct ccprof_ctx_memo *)old_nomemo,
	(struct ccprof_ctx_memo *)old_nomemo,
};

__attribute__((constructor)) static void register_modules(void)
{
	__ccprof_register(&old);
	__ccprof_register(&module);
}

static void q_(void)
{
	test_ctx_enter(&ccs[Q], &memo[Q]);
}

/* The old unit's function: its entry, then what its call sites do with
 * the node they got, with ABI 6's slot offset and every slot index. */
static void stale_(void)
{
	struct ccprof_counters *n = test_ctx_enter(&old_ccs[0], &old_memo[0]);

	for (uint64_t k = 0; k < CCPROF_CTX_MAX_KIDS; k++) {
		struct ccprof_counters *kid =
			((struct ccprof_counters **)((char *)n + 64))[k];

		if (kid) {
			printf("kid slot %lu of the old unit's node holds %p\n",
			       (unsigned long)k, (void *)kid);
			exit(1);
		}
		kid = __ccprof_ctx_kid(n, &old_ccs[1], &old_memo[1], k);
		kid->calls++;
		test_leave_to(n);
	}
	test_burn_cpu_ms(200);
	q_();		/* a current unit's function, called from old code */
	test_leave_to(n);
}

int main(void)
{
	struct ccprof_ctx_memo *old_initial = old_memo[0];
	struct ccprof_counters *n = test_ctx_enter(&ccs[P], &memo[P]);

	q_();
	test_leave_to(n);
	stale_();
	test_leave_to(n);
	/* the memo of the old unit's entry stays empty (compared with its
	 * first value, not with __ccprof_ctx_nomemo: a non-PIE test has a
	 * copy of that symbol, the old name does not) */
	if (old_memo[0] != old_initial) {
		printf("the old unit's memo table was replaced\n");
		return 1;
	}
	test_leave_to(NULL);
	return 0;
}
