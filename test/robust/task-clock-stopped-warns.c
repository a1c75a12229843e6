// A program that stops ccprof's CPU-clock event, with
// prctl(PR_TASK_PERF_EVENTS_DISABLE) (benchmark harnesses do, to pause
// perf stat), is sampled no more; the runtime says so at exit, with the
// user CPU time that went unsampled, instead of a profile that silently
// gives that time to the functions sampled before.  A program that does
// not is not warned.
//
// REQUIRES: primary
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t stop 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err2
// RUN: not grep ccprof %t.err2
// CHECK: ccprof: warning: 1 thread(s) ran on without samples at their end (0.{{[2-4][0-9]}} s of user CPU time): the program stopped ccprof's CPU-clock event (prctl PR_TASK_PERF_EVENTS_DISABLE, or F_SETFL without O_ASYNC on its descriptor); that time is spread over the functions sampled before (docs/runtime.md)

#include <string.h>
#include <sys/prctl.h>
#include <time.h>

static volatile unsigned long sink;

static double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) void burn(double seconds)
{
	double start = cpu_seconds();

	while (cpu_seconds() - start < seconds)
		for (int i = 0; i < 100000; i++)
			sink += (unsigned long)i;
}

int main(int argc, char **argv)
{
	burn(0.1);
	if (argc > 1 && strcmp(argv[1], "stop") == 0)
		prctl(PR_TASK_PERF_EVENTS_DISABLE, 0, 0, 0, 0);
	burn(0.3);
	return 0;
}
