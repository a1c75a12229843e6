// Where perf_event_open is refused (a seccomp filter here, as in
// containers; perf_event_paranoid 3), each thread samples with a timer on
// its own CPU clock instead: the run says so once at exit, sleeps are
// still never cut short, counts are exact, and the time is still all
// charged (at most CONFIG_HZ samples per CPU-second, each weighted by the
// thread's CPU time).
//
// RUN: %plain_cc %S/Inputs/no_perf_events.c -o %t.noperf
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t.noperf %t > %t.stdout 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.stdout
// OUT: main: nanosleep 0
// OUT-NEXT: thread: nanosleep 0
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: note: the CPU-clock event was refused ({{.*}}): 2 thread(s) were sampled by a CPU-time timer instead
// RUN: FileCheck --check-prefix=PROF %s < %t.out
// PROF: clock{{[[:space:]]}}cpu-timer
// RUN: %counts %t.out | FileCheck --check-prefix=COUNTS %s
// COUNTS: work 2
// RUN: %shares %t.out work=100 --tol 5 --min-ticks 50
// The reporter shows the clock with the rate it achieved, and warns that
// the rate fell short because of the fallback: at 4000 Hz requested, the
// kernel's CONFIG_HZ (at most 1000) is always below three quarters of it.
// RUN: env CCPROF_OUT=%t.4000.out CCPROF_HZ=4000 %t.noperf %t > /dev/null 2>&1
// RUN: rm -f %t.db && %report --db %t.db %t.4000.out > %t.flat 2> %t.warn
// RUN: FileCheck --check-prefix=FLAT %s < %t.flat
// FLAT: run 1: {{.*}} Hz of 4000 requested, clock cpu-timer)
// RUN: FileCheck --check-prefix=WARN %s < %t.warn
// WARN: warning: run 1 was sampled at {{[0-9]+}} Hz, below the 4000 Hz requested: {{.*}}threads sampled by the CPU-time timer, where the CPU-clock event was refused or while they blocked often, get at most the kernel's CONFIG_HZ

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "robust.h"

__attribute__((noinline)) void work(void)
{
	struct timespec ts;
	double end;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	end = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 + 150;
	do {
		for (int i = 0; i < 20000; i++)
			robust_sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	} while (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 < end);
}

static const char *nap(void)
{
	struct timespec ts = { 0, 50 * 1000000L };

	return nanosleep(&ts, NULL) == 0 ? "0"
	       : errno == EINTR ? "EINTR" : "error";
}

static void *thread_main(void *arg)
{
	(void)arg;
	work();
	printf("thread: nanosleep %s\n", nap());
	return NULL;
}

int main(void)
{
	pthread_t t;

	work();
	printf("main: nanosleep %s\n", nap());
	fflush(stdout);
	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
	return 0;
}
