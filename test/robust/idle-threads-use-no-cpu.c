// A sleeping thread is never woken by ccprof: 100 threads that sleep 1 s
// while the main thread burns 300 ms of CPU use no CPU between them (a
// monotonic timer per thread at 1000 Hz woke each of them 1000 times a
// second: about 0.5 CPU-seconds here) and their sleeps all return 0.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// CHECK: 100 sleeps: 100 returned 0
// CHECK-NEXT: idle threads' CPU: within 30 ms

#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "robust.h"

static int slept_ok;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *sleeper(void *arg)
{
	struct timespec ts = { 1, 0 };
	int r = nanosleep(&ts, NULL);

	(void)arg;
	pthread_mutex_lock(&m);
	slept_ok += r == 0;
	pthread_mutex_unlock(&m);
	return NULL;
}

static double process_cpu_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

int main(void)
{
	pthread_t t[100];
	double before, idle;

	for (int i = 0; i < 100; i++)
		pthread_create(&t[i], NULL, sleeper, NULL);
	/* Thread creation itself (stacks, events) is not idle time. */
	robust_sleep_ms(100);
	before = process_cpu_ms() - robust_thread_cpu_ms();
	robust_burn_cpu_ms(300);
	for (int i = 0; i < 100; i++)
		pthread_join(t[i], NULL);
	idle = process_cpu_ms() - robust_thread_cpu_ms() - before;
	printf("100 sleeps: %d returned 0\n", slept_ok);
	if (idle < 30)
		printf("idle threads' CPU: within 30 ms\n");
	else
		printf("idle threads' CPU: %.1f ms\n", idle);
	return 0;
}
