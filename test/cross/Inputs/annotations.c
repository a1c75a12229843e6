/* annotations.c - every cost-centre annotation of ccprof.h, for the
 * cross-compiler tests: scopes (nested, left by continue, break, goto,
 * return and longjmp), a label used in two functions, CCPROF_CC on two
 * functions, CCPROF_UNPROFILED, and a static helper (for policy=exported). */
#include <setjmp.h>
#include <stdio.h>

#include "ccprof.h"

static jmp_buf env;
static volatile unsigned long sink;

static void helper(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}

CCPROF_CC("named") void named_a(void) { helper(10); }
CCPROF_CC("named") void named_b(void) { helper(20); }
CCPROF_UNPROFILED void unprofiled(void) { helper(5); named_a(); }

void jumper(void) { longjmp(env, 1); }

int scoped(int k)
{
	int r = 0;
	CCPROF_SCC("outer") {
		for (int i = 0; i < k; i++) {
			CCPROF_SCC("inner") {
				helper(i);
				if (i == 1)
					continue;
				if (i == 5)
					break;
				r += i;
			}
		}
		if (k == 3)
			goto out;
		CCPROF_SCC("inner") {
			if (k == 4)
				return r;
			helper(k);
		}
	}
out:
	if (setjmp(env) == 0) {
		CCPROF_SCC("jumped") {
			jumper();
		}
	}
	return r;
}

int main(void)
{
	int total = 0;
	for (int k = 0; k < 8; k++)
		total += scoped(k);
	named_a();
	named_b();
	unprofiled();
	printf("%d %lu\n", total, sink);
	return 0;
}
