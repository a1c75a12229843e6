/* calls.c - C shapes whose cost-centre names and counts must not depend on
 * the compiler: direct, indirect and recursive calls, static functions
 * (one with the same name as in calls_other.c), an asm-label name, a
 * qsort callback, variadic functions, setjmp/longjmp, tail calls. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int other_entry(int n);

static int helper(int x) { return x * 3 + 1; }

static int named(int x) __asm__("calls.named");
static int named(int x) { return helper(x) - 1; }

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int sum(int n, ...)
{
	va_list ap;
	int s = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

static unsigned long fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int even(unsigned n);
static int odd(unsigned n) { if (n == 0) return 0; return even(n - 1); }
static int even(unsigned n) { if (n == 0) return 1; return odd(n - 1); }

static jmp_buf env;
static void jump_back(int i) { if (i % 2) longjmp(env, i); }

static int apply(int (*f)(int), int x) { return f(x); }

int main(int argc, char **argv)
{
	int data[200];
	int total = 0;
	(void)argv;
	for (int i = 0; i < 200; i++)
		data[i] = (i * 7919) % 200;
	qsort(data, 200, sizeof data[0], cmp_int);
	for (int i = 0; i < 50; i++)
		total += apply(i % 2 ? helper : named, i);
	total += sum(3, 1, 2, 3) + sum(2, 4, 5);
	total += (int)fib(20);
	total += even(1001) + odd(1000);
	for (volatile int i = 0; i < 10; i++)
		if (setjmp(env) == 0)
			jump_back(i);
	total += other_entry(argc + 4);
	printf("%d %d\n", total, data[199]);
	return 0;
}
