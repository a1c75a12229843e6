/*
 * metrics.h - the metrics beyond calls and ticks that a profile may
 * carry (format 5: the `events` and `metric` records), as the reporter
 * knows them: one list, runtime/ccprof_metrics.def, shared with the
 * runtime that writes them.
 */
#ifndef CCPROF_REPORT_METRICS_H
#define CCPROF_REPORT_METRICS_H

#include <stddef.h>

enum report_event {
#define CCPROF_EVENT(id, name, how) EVENT_##id,
#include "ccprof_metrics.def"
#undef CCPROF_EVENT
	N_EVENTS
};

enum report_metric {
#define CCPROF_METRIC(id, name, ev) METRIC_##id,
#include "ccprof_metrics.def"
#undef CCPROF_METRIC
	N_METRICS
};

extern const char *const event_names[N_EVENTS];
extern const char *const metric_names[N_METRICS];
extern const unsigned char metric_event[N_METRICS];

int event_by_name(const char *s, size_t n);	/* -1 if unknown */
int metric_by_name(const char *s);		/* -1 if unknown */

/* "alloc,io" (as the profile writes it) into a mask of event bits, or
 * -1 naming the first unknown event in *bad / *bad_len. */
long events_parse(const char *s, const char **bad, size_t *bad_len);

#endif
