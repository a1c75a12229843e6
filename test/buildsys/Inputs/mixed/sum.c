/* sum.c - the C half of the mixed project: a shared library. */
#include "sum.h"

int sum_square(int x)
{
	return x * x;
}

int sum_squares(int n)
{
	int s = 0;
	for (int i = 1; i <= n; i++)
		s += sum_square(i);
	return s;
}
