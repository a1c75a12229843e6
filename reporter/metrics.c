/*
 * metrics.c - names of the events and metrics (metrics.h).
 */
#include "metrics.h"

#include <string.h>

const char *const event_names[N_EVENTS] = {
#define CCPROF_EVENT(id, name, how) name,
#include "ccprof_metrics.def"
#undef CCPROF_EVENT
};

const char *const metric_names[N_METRICS] = {
#define CCPROF_METRIC(id, name, ev) name,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
};

const unsigned char metric_event[N_METRICS] = {
#define CCPROF_METRIC(id, name, ev) EVENT_##ev,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
};

int event_by_name(const char *s, size_t n)
{
	for (int e = 0; e < N_EVENTS; e++)
		if (strlen(event_names[e]) == n
		    && memcmp(event_names[e], s, n) == 0)
			return e;
	return -1;
}

int metric_by_name(const char *s)
{
	for (int m = 0; m < N_METRICS; m++)
		if (strcmp(metric_names[m], s) == 0)
			return m;
	return -1;
}

long events_parse(const char *s, const char **bad, size_t *bad_len)
{
	long mask = 0;

	while (*s) {
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		int e = event_by_name(s, n);

		if (e < 0) {
			*bad = s;
			*bad_len = n;
			return -1;
		}
		mask |= 1L << e;
		s += n + (end != NULL);
	}
	return mask;
}
