/* The uninstrumented unit of unprofiled-metrics-row-shown.c: a
 * constructor that allocates 1,000 blocks of 1,000 bytes before any
 * profiled function runs. */
#include <stdlib.h>

void *volatile unprofiled_keep;

__attribute__((constructor)) static void allocate_early(void)
{
	for (int i = 0; i < 1000; i++)
		unprofiled_keep = malloc(1000);
}
