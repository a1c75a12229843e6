/*
 * primes.c - the example of Appel, Duba & MacQueen (1988), figure 1, in C.
 *
 * `subset` filters a list with a predicate passed as a function pointer;
 * `isPrime` tests each number with its inner loop `test`, here a function
 * of its own that calls itself for each candidate divisor, as the ML
 * original does.  Appel's profile names that inner function
 * `isPrime.test`; in C an asm label gives it that (link-level) name, and
 * ccprof names cost centres after it:
 *
 *   %time  cumsecs    #call  ms/call  name
 *    90.4     3.52    78189    0.045  isPrime.test
 *
 * Usage: primes [N]   (default 120000: the primes below N)
 */
#include <stdio.h>
#include <stdlib.h>

struct list {
	int *items;
	int n;
};

/* 2, 3, ..., n-1 */
static struct list natlist(int n)
{
	struct list l = { malloc(sizeof(int) * (n > 2 ? n - 2 : 1)), 0 };
	for (int i = 2; i < n; i++)
		l.items[l.n++] = i;
	return l;
}

/* The elements of `in` that satisfy `pred`. */
static struct list subset(int (*pred)(int), struct list in)
{
	struct list out = { malloc(sizeof(int) * (in.n ? in.n : 1)), 0 };
	for (int i = 0; i < in.n; i++)
		if (pred(in.items[i]))
			out.items[out.n++] = in.items[i];
	return out;
}

static int test(int x, int i) __asm__("isPrime.test");

/* i >= x orelse (x mod i <> 0 andalso test(i + 1)) */
static int test(int x, int i)
{
	if (i >= x)
		return 1;
	if (x % i == 0)
		return 0;
	return test(x, i + 1);
}

static int isPrime(int x)
{
	return test(x, 2);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 120000;
	struct list primes = subset(isPrime, natlist(n));

	printf("%d primes below %d, the last %d\n", primes.n, n,
	       primes.n ? primes.items[primes.n - 1] : 0);
	return 0;
}
