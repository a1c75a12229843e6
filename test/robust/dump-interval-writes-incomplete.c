// CCPROF_DUMP_INTERVAL=SECONDS: every that many seconds (wall time) the
// runtime writes the profile ("status incomplete") while the program
// runs, here one that is asleep; counting continues, and the profile at
// exit has everything.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out %t.mid.out
// RUN: env CCPROF_OUT=%t.out CCPROF_DUMP_INTERVAL=0.2 %t %t.mid.out | FileCheck --check-prefix=LOG %s
// LOG: dump appeared: yes
// RUN: FileCheck --check-prefix=MID %s < %t.mid.out
// MID: status{{[[:space:]]}}incomplete
// RUN: %counts %t.mid.out | FileCheck --check-prefix=MIDCOUNT %s
// MIDCOUNT: main 1
// MIDCOUNT: step 7
// RUN: FileCheck --check-prefix=END %s < %t.out
// END: status{{[[:space:]]}}complete
// RUN: %counts %t.out | FileCheck --check-prefix=ENDCOUNT %s
// ENDCOUNT: main 1
// ENDCOUNT: step 10

#include <stdio.h>
#include <stdlib.h>

#include "robust.h"

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	const char *out = getenv("CCPROF_OUT");
	volatile int sum = 0;
	int appeared = 0;

	if (argc < 2 || !out)
		return 1;
	for (int i = 0; i < 7; i++)
		sum += step(i);
	for (int waited = 0; waited < 3000 && !appeared; waited += 10) {
		robust_sleep_ms(10);
		appeared = rename(out, argv[1]) == 0;
	}
	printf("dump appeared: %s\n", appeared ? "yes" : "no");
	for (int i = 0; i < 3; i++)
		sum += step(i);
	return 0;
}
