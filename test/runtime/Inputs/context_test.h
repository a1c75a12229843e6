/*
 * context_test.h - what a context-mode entry does (ccprof_abi.h), in C,
 * for the runtime tests that play an instrumented unit by hand.
 */
#ifndef CCPROF_CONTEXT_TEST_H
#define CCPROF_CONTEXT_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccprof_test.h"

/* A memo table pointer as a unit's __ccprof_tctx starts it: the
 * runtime's table that matches nothing. */
#define TEST_NOMEMO ((struct ccprof_ctx_memo *)__ccprof_ctx_nomemo)

/* Registers the hand-made unit MODULE before main, as a unit's
 * constructor does. */
#define TEST_REGISTER_AT_START(module)                                \
	__attribute__((constructor)) static void test_register(void) \
	{                                                             \
		__ccprof_register(&(module));                         \
	}

/* Fails the test, naming WHAT, unless OK. */
static inline void test_expect(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "FAIL: %s\n", what);
		exit(1);
	}
}

/* The entry of the cost centre DESC whose memo table pointer is *MEMO:
 * the way chosen by `current`, else __ccprof_ctx_enter; counts the call
 * and points `current` at the node, which it returns. */
static inline struct ccprof_counters *
test_ctx_enter(const struct ccprof_cc_desc *desc, struct ccprof_ctx_memo **memo)
{
	struct ccprof_counters *p = __ccprof_current, *n;
	char *t = (char *)*memo;
	struct ccprof_ctx_memo *m = (struct ccprof_ctx_memo *)
		(t + CCPROF_CTX_MEMO_HEADER +
		 (((uintptr_t)p >> (CCPROF_CTX_MEMO_SHIFT - 4)) &
		  *(uint64_t *)t));

	n = m->from == p ? m->to : __ccprof_ctx_enter(p, desc, memo);
	n->calls++;
	test_leave_to(n);
	return n;
}

#endif
