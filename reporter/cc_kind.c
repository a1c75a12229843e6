/*
 * cc_kind.c - cost centres' kinds as the reports show them (see
 * cc_kind.h).
 */
#include "cc_kind.h"

#include <string.h>

static const struct {
	const char *kind, *marker;
} kinds[] = {
	{ "anonymous", " {anon}" },	/* a lambda, block, nested function
					 * or OpenMP region */
	{ "scc", " {scc}" },		/* a CCPROF_SCC or CCPROF_CC label */
	{ "module", " {module}" },	/* a file's cost centre, policy=file */
};

int cc_kind_rank(const char *kind)
{
	for (size_t k = 0; kind && k < sizeof kinds / sizeof *kinds; k++)
		if (strcmp(kind, kinds[k].kind) == 0)
			return (int)k + 1;
	return 0;
}

const char *cc_kind_marker(int rank)
{
	return rank > 0 ? kinds[rank - 1].marker : "";
}
