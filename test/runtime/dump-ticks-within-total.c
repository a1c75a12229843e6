// The ticks a profile's cost centres (and unprofiled) are charged never
// add up to more than its 'ticks' total, even when threads keep sampling
// while it is written (the reporter rejects such a profile).  The sampler
// adds to a record before the total, and the writer reads the records
// after the total: a record's ticks that came in after that are left to
// the next write.  Before, 36 and 51 of 200 dumps (1024 cost centres, 4
// spinning threads, CCPROF_HZ=100000) had more ticks in the records than
// in the total.
//
// REQUIRES: primary
// RUN: %plain_cc -O1 -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_HZ=100000 %t %t.d
// RUN: %python %S/Inputs/ticks_within_total.py %t.d | FileCheck %s
// CHECK: 200 profiles, 0 with more ticks in the records than the total

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccprof_test.h"
#include <ccprof.h>

#define N_CC 1024

static struct ccprof_counters cnt[N_CC];
static struct ccprof_cc_desc ccs[N_CC];
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, N_CC, ccs, "hand-made", "", "spin.c",
};

__attribute__((constructor)) static void register_module(void)
{
	for (int i = 0; i < N_CC; i++) {
		ccs[i].counters = &cnt[i];
		ccs[i].symbol = "f";
		ccs[i].file = "spin.c";
		ccs[i].line = (uint32_t)i + 1;
	}
	__ccprof_register(&module);
}

static volatile int stop;

static void *spin(void *arg)
{
	unsigned long k = (unsigned long)arg;

	while (!stop)
		test_leave_to(&cnt[k++ % N_CC]);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	char path[4096];

	if (argc < 2)
		return 2;
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, spin, (void *)i);
	for (int i = 0; i < 200; i++) {
		snprintf(path, sizeof path, "%s/dump.%d", argv[1], i);
		setenv("CCPROF_OUT", path, 1);
		ccprof_dump();
	}
	stop = 1;
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	setenv("CCPROF_OUT", "/dev/null", 1);
	return 0;
}
