// Without ccprof's plugin the annotations of ccprof.h do nothing: the
// program compiles without a warning, runs as it does with them, and
// references nothing of libccprof.  Built with the plugin and linked
// without libccprof, it does not link (it would not run unprofiled).
//
// RUN: %plain_cc -O0 -Wall -Wextra -Werror %s -o %t0
// RUN: %t0 | FileCheck %s --check-prefix=OUT
// RUN: nm %t0 | FileCheck %s --check-prefix=NM
// RUN: %plain_cc -O2 -Wall -Wextra -Werror %s -o %t2
// RUN: %t2 | FileCheck %s --check-prefix=OUT
// RUN: nm %t2 | FileCheck %s --check-prefix=NM
// RUN: not %cc -O2 %s -o %t.nolib 2>&1 | FileCheck %s --check-prefix=LINK
//
// OUT: sum 45 loops 9 parsed 3
// NM-NOT: ccprof
// LINK: undefined reference to `__ccprof_register
#include <stdio.h>

#include "ccprof.h"

CCPROF_CC("named") static int named(int x)
{
	return x + 1;
}

CCPROF_UNPROFILED static int unprofiled(int x)
{
	return x * 2;
}

int main(void)
{
	int sum = 0, loops = 0, parsed = 0;
	for (int i = 0; i < 10; i++) {
		CCPROF_SCC("loop") {
			if (i == 9)
				break;
			sum += i;
			loops++;
			if (i % 3)
				continue;
			parsed = named(parsed);
		}
	}
	sum = unprofiled(sum) / 2 + 9;
	printf("sum %d loops %d parsed %d\n", sum, loops, parsed);
	return 0;
}
