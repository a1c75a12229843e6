// A signal named by CCPROF_SIGNAL that already has a handler when the
// runtime starts is not taken: one warning, sampling off (hz 0, no
// ticks), call counts still written, the program's handler untouched.
// The program installs its handler, then loads libccprof with dlopen.
//
// REQUIRES: primary
// (-lc first: printf from libc, which libccprof.so also defines for
// CCPROF_EVENTS=io, so that --as-needed leaves libccprof out.)
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl -lc -Wl,--as-needed %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_SIGNAL=USR1 %t > %t.log 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: CCPROF_SIGNAL='USR1': SIGUSR1 (10) already has a handler or is ignored; sampling disabled
// ERR-NOT: ccprof
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// LOG: program's SIGUSR1 handler still installed: yes
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:hz	0
// CHECK-NEXT:ticks	0
// CHECK:cc	0	0	1	0	1	main	signal-env-taken-disables.c	function
// CHECK-NEXT:unprofiled	0

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "signal-env-taken-disables.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"signal-env-taken-disables.c",
};

static void own_handler(int sig)
{
	(void)sig;
}

int main(void)
{
	void (*reg)(const struct ccprof_module *);
	struct ccprof_counters **current;
	struct sigaction now;
	void *lib;

	signal(SIGUSR1, own_handler);
	lib = dlopen("libccprof.so", RTLD_NOW | RTLD_GLOBAL);
	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	reg = (void (*)(const struct ccprof_module *))dlsym(lib, "__ccprof_register");
	current = dlsym(lib, CCPROF_SYM_CURRENT);
	reg(&module);
	main_cnt.calls++;
	*current = &main_cnt;
	test_burn_cpu_ms(50);
	sigaction(SIGUSR1, NULL, &now);
	printf("program's SIGUSR1 handler still installed: %s\n",
	       now.sa_handler == own_handler ? "yes" : "no");
	return 0;
}
