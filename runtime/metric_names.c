/*
 * metric_names.c - the names of the events and metrics of CCPROF_EVENTS
 * (ccprof_metrics.def) and the lookups the writer, the %m reader and
 * CCPROF_EVENTS's parser share, and the flag that pauses the meters
 * while the runtime works for itself (diag.c, writer.c, registry.c set
 * it).  No dependencies: the merge fuzzer links it with merge.c, diag.c
 * and outbuf.c alone.
 */
#include <string.h>

#include "metrics.h"

const char *const ccprof__event_names[CCPROF_N_EVENTS] = {
#define CCPROF_EVENT(id, name, how) name,
#include "ccprof_metrics.def"
#undef CCPROF_EVENT
};

const char *const ccprof__metric_names[CCPROF_N_METRICS] = {
#define CCPROF_METRIC(id, name, ev) name,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
};

const unsigned char ccprof__metric_event[CCPROF_N_METRICS] = {
#define CCPROF_METRIC(id, name, ev) CCPROF_EV_##ev,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
};

int ccprof__event_by_name(const char *s, size_t n)
{
	for (int e = 0; e < CCPROF_N_EVENTS; e++)
		if (strlen(ccprof__event_names[e]) == n &&
		    memcmp(ccprof__event_names[e], s, n) == 0)
			return e;
	return -1;
}

int ccprof__metric_by_name(const char *s, size_t n)
{
	for (int m = 0; m < CCPROF_N_METRICS; m++)
		if (strlen(ccprof__metric_names[m]) == n &&
		    memcmp(ccprof__metric_names[m], s, n) == 0)
			return m;
	return -1;
}

void ccprof__events_string(unsigned mask, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int e = 0; e < CCPROF_N_EVENTS; e++) {
		size_t n = strlen(ccprof__event_names[e]);

		if (!(mask & CCPROF_EVENT_BIT(e)) || len + n + 2 > size)
			continue;
		if (len)
			buf[len++] = ',';
		memcpy(buf + len, ccprof__event_names[e], n + 1);
		len += n;
	}
}


__thread int ccprof__meters_paused __attribute__((tls_model("initial-exec")));
__thread struct ccprof__vfs_seen ccprof__vfs_seen
	__attribute__((tls_model("initial-exec")));
