// The runtime's side of a tiny leaf's calls counted in its caller's node
// (docs/design.md, "Tiny leaves"), without a plugin, so the sanitizer
// build checks it too: a hand-made unit whose cost centre P lists two
// tiny leaves in its descriptor's kid_counts, T and U, counts its calls
// of them in the words before its node, as instrumented code does
// (node - CTX_COUNT_OFFSET - 8 * i).  The word before the node holds the
// list.  The writer makes each count a child of P's context: P;T merges
// with the node a call of T through a pointer made there (1000 + 1),
// and under T, where T is already on the path, P's count of T goes to
// that T, as the slow path folds recursion (1 + 7).  Forty threads that
// exit before the profile is written do the same: their trees are folded
// into the retired one, counts with them, and the paths add up.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// CHECK:      P 41
// CHECK-NEXT: P;T 41041
// CHECK-NEXT: P;U 410
// CHECK-NEXT: T 328
// CHECK-NEXT: T;P 41
// CHECK-NEXT: T;P;U 82
// CHECK-EMPTY:

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "context_test.h"

enum { P, T, U, N_CC };
static struct ccprof_counters cnt[N_CC];
static struct ccprof_counters *const counted[] = { &cnt[T], &cnt[U], NULL };
static const struct ccprof_cc_desc ccs[N_CC] = {
	{ &cnt[P], "P", "context-kid-counts-by-hand.c", 1, 0, counted },
	{ &cnt[T], "T", "context-kid-counts-by-hand.c", 2, 0, NULL },
	{ &cnt[U], "U", "context-kid-counts-by-hand.c", 3, 0, NULL },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_CC, ccs, "hand-made", "mode=context",
	"context-kid-counts-by-hand.c",
};
static __thread struct ccprof_ctx_memo *memo[N_CC] = {
	TEST_NOMEMO,
	TEST_NOMEMO,
	TEST_NOMEMO,
};

TEST_REGISTER_AT_START(module)

static struct ccprof_counters *enter(int i)
{
	return test_ctx_enter(&ccs[i], &memo[i]);
}

/* N's count of the tiny leaf I of its cost centre's kid_counts. */
static uint64_t *count(struct ccprof_counters *n, int i)
{
	return (uint64_t *)((char *)n - CCPROF_CTX_COUNT_OFFSET) - i;
}

static void *run(void *arg)
{
	struct ccprof_counters *p, *t;

	(void)arg;
	test_leave_to(NULL);
	p = enter(P);
	test_expect(((struct ccprof_counters *const **)p)[-1] == counted,
	       "the word before the node holds the list");
	test_expect(!*count(p, 0) && !*count(p, 1), "a new node's counts are 0");
	for (int i = 0; i < 1000; i++)
		++*count(p, 0);		/* P calls T 1000 times */
	for (int i = 0; i < 10; i++)
		++*count(p, 1);		/* and U 10 times */
	test_leave_to(p);
	enter(T);			/* and T once through a pointer */
	test_leave_to(NULL);
	t = enter(T);			/* another unit's copy of T, no leaf */
	p = enter(P);			/* calls P, */
	*count(p, 0) += 7;		/* which calls T: folds into T */
	*count(p, 1) += 2;
	(void)t;
	test_leave_to(NULL);
	return NULL;
}

int main(void)
{
	run(NULL);
	for (int i = 0; i < 40; i++) {
		pthread_t th;

		pthread_create(&th, NULL, run, NULL);
		pthread_join(th, NULL);
	}
	return 0;
}
