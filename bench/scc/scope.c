/* scope.c - the cost of a CCPROF_SCC annotation when it runs: a loop of
 * N (argv[1]) steps of a small computation, each step inside a scope
 * CCPROF_SCC("step") { ... }, or, built with -DNO_SCC, the same loop
 * without the annotation.  The difference in CPU time over N is the cost
 * of entering (count, set `current`) and leaving (set `current` back)
 * the scope once.  Prints the result, so the loop cannot be removed. */
#include <stdio.h>
#include <stdlib.h>

#include "ccprof.h"

#ifdef NO_SCC
#define SCOPE(label)
#else
#define SCOPE(label) CCPROF_SCC(label)
#endif

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000000UL;
	unsigned long x = 88172645463325252UL;
	for (unsigned long i = 0; i < n; i++) {
		SCOPE("step") {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		__asm__ volatile("" : "+r"(x));
	}
	printf("%lu\n", x);
	return 0;
}
