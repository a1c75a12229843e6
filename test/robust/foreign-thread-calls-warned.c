// A thread the runtime did not start (here: libccprof.a is linked
// statically, so pthread_create is not wrapped) runs profiled code.
// Under counters=thread its calls land in a thread-local array the runtime
// cannot find: at exit the runtime says so on stderr, once, and names the
// fix.  Such a thread is sampled only by the process CPU-time timer, at
// most CONFIG_HZ (250 on Debian's kernels) times a CPU-second, so the
// report warns that the 1000 Hz requested were not reached.  Built with
// counters=atomic, the same program counts the thread's calls exactly and
// the runtime has nothing to say.
//
// RUN: %cc -O1 %s -o %t -pthread -Wl,-Bstatic %libs -Wl,-Bdynamic
// RUN: rm -f %t.out %t.db
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --match-full-lines < %t.err
// WARN: ccprof: warning: {{[1-9][0-9]*}} samples fell in profiled code on threads ccprof did not start (statically linked libccprof, or threads made before it was loaded or without pthread_create): their calls are missing from the counts; build with counters=atomic to count them (docs/runtime.md)
// WARN-NOT: {{.}}
// RUN: %report --db %t.db %t.out 2>&1 >/dev/null | FileCheck %s --check-prefix=RATE
// RATE: ccprof-report: warning: run 1 was sampled at {{[0-9]+}} Hz, below the 1000 Hz requested
//
// RUN: %cc -O1 %pluginopt-counters=atomic %s -o %t.atomic -pthread -Wl,-Bstatic %libs -Wl,-Bdynamic
// RUN: env CCPROF_OUT=%t.atomic.out %t.atomic 2> %t.atomic.err
// RUN: count 0 < %t.atomic.err
// RUN: %counts %t.atomic.out | FileCheck %s --check-prefix=EXACT
// EXACT: main 1
// EXACT-NEXT: step 45000000
// EXACT-NEXT: worker 1
#include <pthread.h>
#include <time.h>

static volatile unsigned long sink;

__attribute__((noinline)) void step(unsigned long i)
{
	for (int k = 0; k < 50; k++)
		sink += i + (unsigned long)k;
}

/* 45,000,000 calls, 0.6 to 3 s of CPU (the report judges the rate from
 * 0.2 s; 15,000,000 took 0.19 s with clang 14 here). */
__attribute__((noinline)) void *worker(void *arg)
{
	for (unsigned long i = 0; i < 45000000; i++)
		step(i);
	return arg;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
