// The runtime's side of context mode without a plugin (so the sanitizer
// build checks it too): a hand-made unit does what ccprof_abi.h says a
// context-mode entry does (the way of its memo table chosen by
// `current`, else __ccprof_ctx_enter, called from C: the x86-64 stub
// serves an ordinary call too) and resets `current` to its node after
// calls.
// P -> Q -> R -> P folds back to P's node; memo hits and misses give the
// same nodes; a second thread's tree merges into the first by path;
// a node whose parent is a flat record starts at the root.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      P 2002
// CHECK-NEXT: P;Q 2000
// CHECK-NEXT: P;Q;R 2000
// CHECK-NEXT: P;S 2
// CHECK-NEXT: S 1
// CHECK-EMPTY:

#include <pthread.h>
#include <stdint.h>

#include "context_test.h"

enum { P, Q, R, S, N_CC };
static struct ccprof_counters cnt[N_CC];
static const struct ccprof_cc_desc ccs[N_CC] = {
	{ &cnt[P], "P", "context-slow-path-by-hand.c", 1, 0 },
	{ &cnt[Q], "Q", "context-slow-path-by-hand.c", 2, 0 },
	{ &cnt[R], "R", "context-slow-path-by-hand.c", 3, 0 },
	{ &cnt[S], "S", "context-slow-path-by-hand.c", 4, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_CC, ccs, "hand-made", "mode=context",
	"context-slow-path-by-hand.c",
};
/* Each thread's memo tables start as the table of no transition. */
static __thread struct ccprof_ctx_memo *memo[N_CC] = {
	TEST_NOMEMO,
	TEST_NOMEMO,
	TEST_NOMEMO,
	TEST_NOMEMO,
};

TEST_REGISTER_AT_START(module)

/* The entry of cost centre i (ccprof_abi.h), returning the node. */
static struct ccprof_counters *enter(int i)
{
	return test_ctx_enter(&ccs[i], &memo[i]);
}

static void s_(void) { enter(S); }

static void p_(int depth);

static void r_(int depth)
{
	struct ccprof_counters *n = enter(R);

	p_(depth - 1);
	test_leave_to(n);
}

static void q_(int depth)
{
	struct ccprof_counters *n = enter(Q);

	r_(depth);
	test_leave_to(n);
}

static void p_(int depth)
{
	struct ccprof_counters *n = enter(P);

	if (depth > 0)
		q_(depth);
	else
		s_();
	test_leave_to(n);
}

static void *thread(void *arg)
{
	(void)arg;
	p_(1000);	/* a tree of its own, merged by path */
	return NULL;
}

int main(void)
{
	pthread_t t;

	p_(1000);
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	/* from a flat-mode record: the root */
	test_leave_to(&cnt[Q]);
	s_();
	test_leave_to(NULL);
	return 0;
}
