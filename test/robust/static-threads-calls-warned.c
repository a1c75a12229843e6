// A fully static executable (libccprof.a, which does not wrap
// pthread_create) cannot count the calls its threads make with
// counters=thread: the runtime says so at exit, even when the threads
// were too short to be sampled.  (Nothing was printed; the 400000 calls
// of step() on 4 threads were silently missing.)  The program's output
// and status are its own.
//
// RUN: %cc -O1 -static %s -o %t %libs -pthread
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.log
// OUT: done
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: warning: the program started threads ccprof did not start (statically linked libccprof, or threads made before it was loaded): calls made on them are missing from the counts; build with counters=atomic to count them (docs/runtime.md)
// ERR-NOT: ccprof

#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

static void *run(void *arg)
{
	volatile int s = 0;

	for (int i = 0; i < 100000; i++)
		s = step(s);
	return arg;
}

int main(void)
{
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, run, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	puts("done");
	return 0;
}
