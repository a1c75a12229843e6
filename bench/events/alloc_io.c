/*
 * alloc_io.c - an allocation-heavy program with some I/O, for
 * bench/events.py: what CCPROF_EVENTS=alloc,io cost when on, and that
 * interposing malloc and read costs nothing measurable when off.
 *
 *     alloc_io ROUNDS
 *
 * Each round: 1000 malloc of 16 to 4111 bytes into a ring of 256 live
 * blocks (the one they replace is freed), 50 realloc, and one write and
 * one read of 64 bytes through a pipe.  Small, profiled functions do the
 * work, as in a real allocation-heavy program (a parser, an interpreter).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RING 256

static void *ring[RING];
static unsigned seed = 12345;

static unsigned next_random(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8;
}

static void *make_block(size_t n)
{
	char *p = malloc(n);

	if (!p)
		abort();
	p[0] = (char)n;
	return p;
}

static void replace(unsigned slot, size_t n)
{
	free(ring[slot]);
	ring[slot] = make_block(n);
}

static void grow(unsigned slot)
{
	char *p = realloc(ring[slot], 4200 + next_random() % 4000);

	if (!p)
		abort();
	ring[slot] = p;
}

static void ping(int fds[2])
{
	char buf[64];

	memset(buf, 'x', sizeof(buf));
	if (write(fds[1], buf, sizeof(buf)) != (ssize_t)sizeof(buf) ||
	    read(fds[0], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
		abort();
}

static void round_of_work(int fds[2])
{
	for (int i = 0; i < 1000; i++)
		replace(next_random() % RING, 16 + next_random() % 4096);
	for (int i = 0; i < 50; i++)
		grow(next_random() % RING);
	ping(fds);
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 10000;
	int fds[2];
	unsigned long sum = 0;

	if (pipe(fds) != 0)
		return 1;
	for (long r = 0; r < rounds; r++)
		round_of_work(fds);
	for (int i = 0; i < RING; i++) {
		if (ring[i])
			sum += (unsigned char)((char *)ring[i])[0];
		free(ring[i]);
	}
	printf("%lu\n", sum);
	return 0;
}
