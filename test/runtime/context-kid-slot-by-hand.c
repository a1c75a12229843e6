// The runtime's side of transitions at the call site (docs/design.md,
// "Transitions at the call site") without a plugin, so the sanitizer
// build checks it too: a hand-made unit whose cost centre P has two kid
// slots (flags >> CC_KIDS_SHIFT) calls Q from slot 0 and itself from
// slot 1, as the LLVM pass's code does: the slot, else __ccprof_ctx_kid,
// which fills it.  Slot 0 holds the node Q's entry reaches from P's node
// (the same node, counted once per call), slot 1 P's own node (direct
// recursion folds); a second thread has nodes and slots of its own and
// merges by path.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      P 4
// CHECK-NEXT: P;Q 2002
// CHECK-EMPTY:

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "context_test.h"

enum { P, Q, N_CC };
static struct ccprof_counters cnt[N_CC];
static const struct ccprof_cc_desc ccs[N_CC] = {
	{ &cnt[P], "P", "context-kid-slot-by-hand.c", 1,
	  2u << CCPROF_CC_KIDS_SHIFT },
	{ &cnt[Q], "Q", "context-kid-slot-by-hand.c", 2, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_CC, ccs, "hand-made", "mode=context",
	"context-kid-slot-by-hand.c",
};
static __thread struct ccprof_ctx_memo *memo[N_CC] = {
	TEST_NOMEMO,
	TEST_NOMEMO,
};

TEST_REGISTER_AT_START(module)

/* The entry of cost centre i (ccprof_abi.h), returning the node. */
static struct ccprof_counters *enter(int i)
{
	return test_ctx_enter(&ccs[i], &memo[i]);
}

static struct ccprof_counters **slot(struct ccprof_counters *n, int k)
{
	return (struct ccprof_counters **)((char *)n + CCPROF_CTX_NODE_SIZE) +
	       k;
}

/* A call from node N at kid slot K of the unit's cost centre CALLEE. */
static struct ccprof_counters *call_site(struct ccprof_counters *n, int k,
					 int callee)
{
	struct ccprof_counters *c = *slot(n, k);

	if (!c)
		c = __ccprof_ctx_kid(n, &ccs[callee], &memo[callee], k);
	c->calls++;
	test_leave_to(c);
	return c;
}

static void *run(void *arg)
{
	struct ccprof_counters *p, *q;

	(void)arg;
	test_leave_to(NULL);
	p = enter(P);
	test_expect(!*slot(p, 0) && !*slot(p, 1), "a new node's slots are NULL");
	for (int i = 0; i < 1000; i++) {
		q = call_site(p, 0, Q);
		test_leave_to(p);
	}
	test_expect(*slot(p, 0) == q, "slot 0 holds Q's node");
	test_expect(!*slot(p, 1), "slot 1 is untouched");
	test_expect(enter(Q) == q, "Q's entry from P's node reaches the same node");
	test_leave_to(p);
	test_expect(call_site(p, 1, P) == p, "direct recursion folds to P's node");
	test_expect(*slot(p, 1) == p, "slot 1 holds P's node");
	test_leave_to(NULL);
	return p;
}

int main(void)
{
	pthread_t t;
	void *other;
	struct ccprof_counters *mine = run(NULL);

	pthread_create(&t, NULL, run, NULL);
	pthread_join(t, &other);
	test_expect(other != mine, "each thread has its own node");
	return 0;
}
