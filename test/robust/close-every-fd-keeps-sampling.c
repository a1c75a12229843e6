// A program that closes every descriptor it has (a daemon starting,
// closefrom) keeps being sampled: the event's one-page mapping holds it
// open, and the signal's routing belongs to the open file.  `before`
// burns 200 ms of CPU before close_range(3, ~0), `after` 200 ms after it:
// each gets about half of the ticks.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: %shares %t.out before=50 after=50 --tol 10 --min-ticks 200
// RUN: not grep -i warning %t.err

#define _GNU_SOURCE
#include <unistd.h>

#include "robust.h"

__attribute__((noinline)) void before(void)
{
	ROBUST_BURN_MS_HERE(200);
}

__attribute__((noinline)) void after(void)
{
	ROBUST_BURN_MS_HERE(200);
}

int main(void)
{
	before();
	close_range(3, ~0U, 0);
	after();
	return 0;
}
