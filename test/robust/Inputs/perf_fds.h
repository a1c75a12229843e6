/* perf_fds.h - find the process's perf-event descriptors (ccprof's
 * sampling events) in /proc/self/fd, for the tests that check they stay
 * out of the program's way. */
#ifndef PERF_FDS_H
#define PERF_FDS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Fills FDS with up to MAX perf-event descriptors; returns how many. */
static inline int perf_fds(int *fds, int max)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char path[64], target[128];
		ssize_t len;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		len = readlink(path, target, sizeof(target) - 1);
		if (len <= 0)
			continue;
		target[len] = '\0';
		if (strstr(target, "perf_event") && n < max)
			fds[n++] = atoi(e->d_name);
	}
	closedir(d);
	return n;
}

#endif
