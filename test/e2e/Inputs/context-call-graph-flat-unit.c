/* The unit of context-call-graph-says-flat-unit-time.c built in flat
 * mode (or, for the check without a note, in context mode): 0.3 s of
 * CPU in flat_burn itself. */
#include <time.h>

static volatile unsigned long sink;

void flat_burn(void)
{
	clock_t end = clock() + CLOCKS_PER_SEC * 3 / 10;

	while (clock() < end)
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
}
