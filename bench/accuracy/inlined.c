/* inlined.c - the 10/30/60 split in small static functions that -O2
 * inlines into main, interleaved finely (a round is about 18 microseconds;
 * a call does enough work that main's own loop is negligible even at -O0).
 * ccprof instruments before inlining, so the inlined copies keep their
 * cost centres; a profiler that samples the program counter (gprof,
 * perf) sees only main at -O2. */
#include "work.h"

static unsigned long w10(unsigned long x) { STEPS(x, 1000); return x; }
static unsigned long w30(unsigned long x) { STEPS(x, 3000); return x; }
static unsigned long w60(unsigned long x) { STEPS(x, 6000); return x; }

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
