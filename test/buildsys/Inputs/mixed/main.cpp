// main.cpp - the C++ half of the mixed project: calls the C library.
#include <cstdio>
#include "sum.h"

namespace mixed {
__attribute__((noinline)) int twice(int n)
{
	return 2 * sum_squares(n);
}
} // namespace mixed

int main()
{
	int t = 0;
	for (int n = 1; n <= 3; n++)
		t += mixed::twice(n);
	std::printf("%d\n", t);
	return t == 2 * (1 + 5 + 14) ? 0 : 1;
}
