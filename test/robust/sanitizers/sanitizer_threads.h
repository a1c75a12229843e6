/*
 * sanitizer_threads.h - the threaded program the sanitizer tests build:
 * 200 rounds of 8 threads, each calling step() 1000 times and adding its
 * sum to a total under a mutex (so ThreadSanitizer has nothing to
 * report).  Prints the total.
 */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 200
#define THREADS 8
#define STEPS 1000

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long total;

__attribute__((noinline)) unsigned long step(unsigned long i)
{
	__asm__ volatile("" ::: "memory");
	return i;
}

void *worker(void *arg)
{
	unsigned long sum = 0;

	(void)arg;
	for (unsigned long i = 0; i < STEPS; i++)
		sum += step(i);
	pthread_mutex_lock(&total_lock);
	total += sum;
	pthread_mutex_unlock(&total_lock);
	return NULL;
}

int main(void)
{
	for (int r = 0; r < ROUNDS; r++) {
		pthread_t t[THREADS];

		for (int i = 0; i < THREADS; i++)
			pthread_create(&t[i], NULL, worker, NULL);
		for (int i = 0; i < THREADS; i++)
			pthread_join(t[i], NULL);
	}
	printf("sum %lu\n", total);
	return 0;
}
