/* churn.c - what a thread's start and end cost, and what stays behind
 * it: C creators (argv[1]) each start and join N threads (argv[2]) one
 * after the other, and every thread makes K calls (argv[3]) of a small
 * function under one caller, as a server that starts a thread per
 * request does (bench/threads.py).  In context mode each thread builds a
 * tree of its own; the runtime folds it and reuses it once the thread is
 * gone (docs/runtime.md, "Threads" under context mode).  Prints the
 * calls made and the peak RSS in KiB (VmHWM: the program's own, which
 * the parent's wait4 cannot tell apart from what the parent had when it
 * forked). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile unsigned long sink;
static unsigned long calls;

__attribute__((noinline)) void leaf(unsigned long i)
{
	sink += i;
}

__attribute__((noinline)) void work(void)
{
	for (unsigned long i = 0; i < calls; i++)
		leaf(i);
}

static void *run(void *arg)
{
	(void)arg;
	work();
	return NULL;
}

static void *creator(void *arg)
{
	long n = (long)arg;

	for (long i = 0; i < n; i++) {
		pthread_t t;

		if (pthread_create(&t, NULL, run, NULL) != 0)
			exit(2);
		pthread_join(t, NULL);
	}
	return NULL;
}

static long peak_rss_kib(void)
{
	char line[256], key[64];
	long v, kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63[^:]: %ld", key, &v) == 2 &&
		    !strcmp(key, "VmHWM"))
			kib = v;
	fclose(f);
	return kib;
}

int main(int argc, char **argv)
{
	int c = argc > 1 ? atoi(argv[1]) : 4;
	long n = argc > 2 ? atol(argv[2]) : 1500;
	pthread_t t[64];

	calls = argc > 3 ? strtoul(argv[3], NULL, 10) : 100;
	if (c < 1 || c > 64 || n < 1)
		return 1;
	for (int i = 0; i < c; i++)
		if (pthread_create(&t[i], NULL, creator, (void *)n) != 0)
			return 2;
	for (int i = 0; i < c; i++)
		pthread_join(t[i], NULL);
	printf("%lu\n%ld\n", (unsigned long)c * n * calls, peak_rss_kib());
	return 0;
}
