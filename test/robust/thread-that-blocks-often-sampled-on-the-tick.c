// A thread that blocks often is sampled by a CPU-time timer on the
// kernel's tick instead of its task-clock event, whose high-resolution
// timer the kernel stops and starts at every context switch (about 2 us
// a switch on a virtual machine: a ping-pong of two threads took 1.3
// times its CPU time), and gets its task clock back once it runs long
// stretches (runtime.md, "Sampling rate and seconds").  Two threads hand
// a byte back and forth through pipes 5,000 times, then the main thread
// burns 300 ms of CPU: the profile's clock is cpu-mixed, and the burn is
// sampled at the full rate again (about 300 samples; the tick timer
// would give at most CONFIG_HZ, 250 a CPU-second, and usually far fewer).
// With CCPROF_CLOCK=cpu-perf the task clock is kept throughout.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t > %t.stdout
// RUN: FileCheck %s < %t.stdout
// RUN: FileCheck %s --check-prefix=MIXED < %t.out
// RUN: awk '$1 == "samples" && $2 >= 150 { ok = 1 } END { exit !ok }' %t.out
// RUN: env CCPROF_OUT=%t.perf.out CCPROF_CLOCK=cpu-perf %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=PERF < %t.perf.out
// CHECK: rounds 5000
// MIXED: {{^}}clock cpu-mixed{{$}}
// PERF: {{^}}clock cpu-perf{{$}}

#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "robust.h"

#define ROUNDS 5000

static int ab[2], ba[2];

/* A few microseconds of user-mode work per round, so that the task
 * clock (user time only) takes samples during the ping-pong. */
__attribute__((noinline)) void work(void)
{
	for (int i = 0; i < 2000; i++)
		robust_sink += (unsigned long)i;
}

__attribute__((noinline)) void burn(void)
{
	robust_burn_cpu_ms(300);
}

static void *peer(void *arg)
{
	char c;

	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		if (read(ab[0], &c, 1) != 1)
			break;
		work();
		if (write(ba[1], &c, 1) != 1)
			break;
	}
	return NULL;
}

int main(void)
{
	pthread_t t;
	char c = 'x';
	int i;

	if (pipe(ab) != 0 || pipe(ba) != 0 ||
	    pthread_create(&t, NULL, peer, NULL) != 0)
		return 1;
	for (i = 0; i < ROUNDS; i++) {
		if (write(ab[1], &c, 1) != 1)
			break;
		work();
		if (read(ba[0], &c, 1) != 1)
			break;
	}
	pthread_join(t, NULL);
	printf("rounds %d\n", i);
	burn();
	return 0;
}
