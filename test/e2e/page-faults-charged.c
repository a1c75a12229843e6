// CCPROF_EVENTS=faults: a function that touches 3000 fresh pages (an
// anonymous mapping, one write per page) gets about 3000 page faults;
// one that only computes gets almost none.  The faults are sampled (a
// signal every 16) and each signal charges the count since the previous
// one, so the total is exact up to the last period.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=faults %t
// RUN: %metrics %t.out faults --expect toucher:faults=2900..3100 --expect computer:faults=0..20
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGES 3000

static volatile unsigned long result;

__attribute__((noinline)) void toucher(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	volatile char *p = mmap(NULL, PAGES * page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(2);
	for (size_t i = 0; i < PAGES; i++)
		p[i * page] = 1;
	munmap((void *)p, PAGES * page);
}

__attribute__((noinline)) void computer(void)
{
	unsigned long x = 1;

	for (long i = 0; i < 20000000; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	result = x;
}

int main(void)
{
	computer();
	toucher();
	return 0;
}
