/* handoff.c - what a context switch costs a profiled thread: two
 * threads hand a byte back and forth through two pipes R times
 * (argv[1]), each making one small call per round, as a thread pool that
 * passes work through a queue does (bench/threads.py).  Every round
 * blocks both threads once: the kernel switches them out and in, and a
 * thread sampled by its task-clock event pays for the event's timer at
 * each switch (docs/runtime.md, "Threads that block often").  Prints the
 * rounds made. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int ping[2], pong[2];
static long rounds;
static volatile unsigned long sink;

__attribute__((noinline)) void work(long i)
{
	sink += (unsigned long)i;
}

static void *peer(void *arg)
{
	char c;

	(void)arg;
	for (long i = 0; i < rounds; i++) {
		if (read(ping[0], &c, 1) != 1)
			break;
		work(i);
		if (write(pong[1], &c, 1) != 1)
			break;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;
	char c = 'x';
	long i;

	rounds = argc > 1 ? atol(argv[1]) : 20000;
	if (pipe(ping) != 0 || pipe(pong) != 0 ||
	    pthread_create(&t, NULL, peer, NULL) != 0)
		return 1;
	for (i = 0; i < rounds; i++) {
		if (write(ping[1], &c, 1) != 1)
			break;
		work(i);
		if (read(pong[0], &c, 1) != 1)
			break;
	}
	pthread_join(t, NULL);
	printf("%ld\n", i);
	return 0;
}
