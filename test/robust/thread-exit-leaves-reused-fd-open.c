// A thread that closes ccprof's sampling descriptor and reuses its number
// for a file of its own keeps that file when it exits: the runtime closes
// the descriptor at thread exit only if it is still the thread's event.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// CHECK: reused the event's number
// CHECK-NEXT: after the thread's exit: still open

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "perf_fds.h"
#include "robust.h"

static int reused = -1;
static int mains[16], n_mains;

static void *thread_main(void *arg)
{
	int fds[16], n = perf_fds(fds, 16), mine = -1;

	(void)arg;
	for (int i = 0; i < n; i++) {
		int main_has = 0;

		for (int j = 0; j < n_mains; j++)
			main_has |= fds[i] == mains[j];
		if (!main_has)
			mine = fds[i];
	}
	if (mine >= 0) {
		int fd = open("/dev/null", O_RDONLY);

		dup2(fd, mine);
		close(fd);
		reused = mine;
		printf("reused the event's number\n");
	}
	robust_burn_cpu_ms(20);
	return NULL;
}

int main(void)
{
	pthread_t t;

	n_mains = perf_fds(mains, 16);
	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
	if (reused < 0)
		return 1;
	printf("after the thread's exit: %s\n",
	       fcntl(reused, F_GETFD) >= 0 ? "still open" : "CLOSED");
	return 0;
}
