/* phases.c - three functions doing 10%, 30% and 60% of the work in long
 * phases (about 9, 27 and 54 ms per round at -O2): the easy case for any
 * sampler, an error of at most one sample per phase boundary. */
#include "work.h"

#define UNIT 500000L
__attribute__((noinline)) unsigned long w10(unsigned long x) { STEPS(x, 10 * UNIT); return x; }
__attribute__((noinline)) unsigned long w30(unsigned long x) { STEPS(x, 30 * UNIT); return x; }
__attribute__((noinline)) unsigned long w60(unsigned long x) { STEPS(x, 60 * UNIT); return x; }

int main(int argc, char **argv)
{
	unsigned long x = (unsigned long)argc;
	TRUTH_LAP(0);
	for (long r = 0; r < ROUNDS(argc, argv); r++) {
		x = w10(x);
		TRUTH_LAP("w10");
		x = w30(x);
		TRUTH_LAP("w30");
		x = w60(x);
		TRUTH_LAP("w60");
	}
	printf("%lx\n", x);
	return 0;
}
