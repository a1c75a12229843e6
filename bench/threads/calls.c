/* calls.c - the design measurement for counting calls with threads: T
 * threads (argv[1]) share N calls (argv[2]) of one small out-of-line
 * function, the worst case for a shared counter (every call increments
 * the same word, from every core).  Prints the true number of calls, so
 * that the benchmark can compare it with the profile. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned long leaf(unsigned long x)
{
	return x * 2654435761UL + 1;
}

static unsigned long per_thread;

static void *run(void *arg)
{
	unsigned long x = (unsigned long)arg;
	for (unsigned long i = 0; i < per_thread; i++)
		x = leaf(x);
	return (void *)x;
}

int main(int argc, char **argv)
{
	int t = argc > 1 ? atoi(argv[1]) : 1;
	unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 10) : 100000000UL;
	pthread_t tid[64];
	if (t < 1 || t > 64)
		return 2;
	per_thread = n / t;
	for (int i = 0; i < t; i++)
		if (pthread_create(&tid[i], NULL, run, (void *)(unsigned long)i))
			return 1;
	for (int i = 0; i < t; i++)
		pthread_join(tid[i], NULL);
	printf("%lu\n", per_thread * t);
	return 0;
}
