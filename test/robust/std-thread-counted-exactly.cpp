// Threads started by std::thread (libstdc++ calls pthread_create) are
// counted exactly: three threads, each 100,000 calls of a function.
//
// RUN: %cxx -O2 %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %counts %t.out | FileCheck %s
// CHECK: step(unsigned long) 300000

#include <thread>
#include <vector>

static volatile unsigned long sink;

__attribute__((noinline)) void step(unsigned long i)
{
	sink += i;
	__asm__ volatile("" ::: "memory");
}

int main()
{
	std::vector<std::thread> ts;
	for (int t = 0; t < 3; t++)
		ts.emplace_back([] {
			for (unsigned long i = 0; i < 100000; i++)
				step(i);
		});
	for (std::thread &t : ts)
		t.join();
	return 0;
}
