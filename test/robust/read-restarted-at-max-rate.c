// Sampling at the highest rate (CCPROF_HZ=100000) does not make blocking
// system calls fail with EINTR: samples are taken on each thread's own
// CPU clock, in user mode, and the handler is installed with SA_RESTART.
// The main thread reads a pipe fed slowly by a writer thread and burns
// 0.2 ms of CPU after each byte, so it is sampled between its reads; a
// third thread burns CPU with every signal blocked (its own samples stay
// pending, which must not disturb the others).  Both clocks are tried: the
// perf task clock and the POSIX thread CPU-time timer it falls back to.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs -pthread
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=100000 %t | FileCheck --check-prefix=LOG %s
// LOG: bytes read: 200, EINTR: 0
// RUN: FileCheck %s < %t.out
// RUN: env CCPROF_OUT=%t.timer.out CCPROF_CLOCK=cpu-timer CCPROF_HZ=100000 %t | FileCheck --check-prefix=LOG %s
// RUN: FileCheck %s < %t.timer.out
// CHECK: hz{{[[:space:]]}}100000
// CHECK-NEXT: ticks{{[[:space:]]+[1-9][0-9]*$}}

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "robust.h"

static int fds[2];
static volatile int done;

static void *writer(void *arg)
{
	(void)arg;
	for (int i = 0; i < 200; i++) {
		robust_sleep_ms(2);
		if (write(fds[1], "x", 1) != 1)
			break;
	}
	close(fds[1]);
	return NULL;
}

static void *burner(void *arg)
{
	sigset_t all;

	(void)arg;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	while (!done)
		robust_burn_cpu_ms(1);
	return NULL;
}

int main(void)
{
	pthread_t w, b;
	int bytes = 0, eintr = 0;
	char c;

	if (pipe(fds) != 0)
		return 1;
	pthread_create(&b, NULL, burner, NULL);
	pthread_create(&w, NULL, writer, NULL);
	for (;;) {
		ssize_t n = read(fds[0], &c, 1);

		if (n < 0 && errno == EINTR) {
			eintr++;
			continue;
		}
		if (n <= 0)
			break;
		bytes++;
		robust_burn_cpu_ms(0.2);
	}
	done = 1;
	pthread_join(w, NULL);
	pthread_join(b, NULL);
	printf("bytes read: %d, EINTR: %d\n", bytes, eintr);
	return 0;
}
