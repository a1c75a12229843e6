// Threads started with C11 thrd_create are known to the runtime too
// (glibc's thrd_create does not go through the exported pthread_create,
// so libccprof interposes it as well): three threads each call a function
// 100,000 times and the profile has the exact total; thrd_join still
// returns each thread's int result, and thrd_exit's.
//
// RUN: %cc -O2 %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s --check-prefix=OUT
// RUN: %counts %t.out | FileCheck %s
// OUT: results 10 11 12
// CHECK: main 1
// CHECK-NEXT: run 3
// CHECK-NEXT: step 300000

#include <stdio.h>
#include <threads.h>

static volatile unsigned long sink;

__attribute__((noinline)) void step(unsigned long i)
{
	sink += i;
	__asm__ volatile("" ::: "memory");
}

int run(void *arg)
{
	int id = (int)(long)arg;
	for (unsigned long i = 0; i < 100000; i++)
		step(i);
	if (id == 2)
		thrd_exit(10 + id);
	return 10 + id;
}

int main(void)
{
	thrd_t t[3];
	int res[3];
	for (long i = 0; i < 3; i++)
		if (thrd_create(&t[i], run, (void *)i) != thrd_success)
			return 1;
	for (int i = 0; i < 3; i++)
		if (thrd_join(t[i], &res[i]) != thrd_success)
			return 2;
	printf("results %d %d %d\n", res[0], res[1], res[2]);
	return 0;
}
