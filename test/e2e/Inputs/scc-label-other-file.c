/* The other file of scc-label-one-cost-centre-everywhere.c: the same
 * labels, used here too. */
#include "ccprof.h"
#include "../e2e_work.h"

void other_file(void)
{
	CCPROF_SCC("état du parseur") {
		SPIN(1000);
	}
}

CCPROF_CC("named") void named_here(void)
{
	SPIN(1000);
}
