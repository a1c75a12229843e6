/* interleaved.c - the same 10/30/60 split, interleaved finely: a call
 * does about 2, 5 and 11 microseconds of work and a round calls each
 * once, so dozens of rounds pass between two samples and every sample
 * lands at a random point of a round (binomial error, not systematic). */
#include "work.h"

#define UNIT 1000L
__attribute__((noinline)) unsigned long w10(unsigned long x) { STEPS(x, 1 * UNIT); return x; }
__attribute__((noinline)) unsigned long w30(unsigned long x) { STEPS(x, 3 * UNIT); return x; }
__attribute__((noinline)) unsigned long w60(unsigned long x) { STEPS(x, 6 * UNIT); return x; }

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
