// When exec fails, the program goes on and so does the profile: counting
// continues, sampling resumes (the timer was stopped for the exec), and
// the profile written at exit replaces the one written before the exec.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t | FileCheck --check-prefix=LOG %s
// LOG: execl failed: No such file or directory
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: status{{[[:space:]]}}complete
// FILE: {{^}}cc{{[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+}}1{{[[:space:]]+}}{{[1-9][0-9]*[[:space:]].*}}after_failed_exec
// RUN: %counts %t.out | FileCheck %s
// CHECK: after_failed_exec 1
// CHECK-NEXT: main 1
// CHECK-NEXT: step 7

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

/* 250 ms of CPU in this function itself: it must get ticks. */
__attribute__((noinline)) void after_failed_exec(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 20000; i++)
			sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 +
		 (t.tv_nsec - t0.tv_nsec) / 1000000 < 250);
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 3; i++)
		sum += step(i);
	execl("/nonexistent/ccprof-test", "x", (char *)NULL);
	printf("execl failed: %s\n", strerror(errno));
	for (int i = 0; i < 4; i++)
		sum += step(i);
	after_failed_exec();
	return 0;
}
