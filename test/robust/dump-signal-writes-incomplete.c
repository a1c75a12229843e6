// CCPROF_DUMP_SIGNAL=USR2: on SIGUSR2 the runtime writes the profile
// ("status incomplete") and the program goes on; counting continues, and
// the profile at exit has everything.  (The handler only wakes the
// runtime's dump thread; the program waits for the file to appear.)
// Without CCPROF_DUMP_SIGNAL, SIGUSR2 keeps its default action.
//
// RUN: %cc -O2 -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out %t.mid.out
// RUN: env CCPROF_OUT=%t.out CCPROF_DUMP_SIGNAL=USR2 %t %t.mid.out | FileCheck --check-prefix=LOG %s
// LOG: dump appeared: yes
// RUN: FileCheck --check-prefix=MID %s < %t.mid.out
// MID: status{{[[:space:]]}}incomplete
// RUN: %counts %t.mid.out | FileCheck --check-prefix=MIDCOUNT %s
// MIDCOUNT: main 1
// MIDCOUNT: step 5
// RUN: FileCheck --check-prefix=END %s < %t.out
// END: status{{[[:space:]]}}complete
// RUN: %counts %t.out | FileCheck --check-prefix=ENDCOUNT %s
// ENDCOUNT: main 1
// ENDCOUNT: step 8
// RUN: env CCPROF_OUT=%t.off.out sh -c '%t %t.off.mid.out; echo status=$?' | FileCheck --check-prefix=OFF %s
// OFF: status=140

#include <signal.h>
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
	for (int i = 0; i < 5; i++)
		sum += step(i);
	raise(SIGUSR2);
	for (int waited = 0; waited < 3000 && !appeared; waited += 10) {
		robust_sleep_ms(10);
		appeared = rename(out, argv[1]) == 0;
	}
	printf("dump appeared: %s\n", appeared ? "yes" : "no");
	for (int i = 0; i < 3; i++)
		sum += step(i);
	return 0;
}
